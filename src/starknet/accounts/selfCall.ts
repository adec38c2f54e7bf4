import { toFelt64 } from '../../api/felt';
import { InvalidField } from '../../errors';

/**
 * Whether a call targets the signing account itself. Such a call is control of the
 * account (Argent's `change_owner`, `change_guardian`, `upgrade`, `trigger_escape_*`,
 * `escape_*` all check only that the caller is the account): only the wallet's own
 * flows (account upgrade) may build one, never a page.
 *
 * @param call - The call (its contract address, any felt form).
 * @param call.contractAddress - The called contract.
 * @param signer - The signing account's address.
 * @returns Whether the call's contract is the signer.
 */
export function isSelfCall(
  call: { contractAddress: string },
  signer: string,
): boolean {
  return BigInt(call.contractAddress) === BigInt(signer);
}

/**
 * Refuses, before any dialog, calls a page asked for when one targets the signing
 * account: one approval of such a call hands the account over (its owner key, its
 * class). Every
 * page-facing path (executeTxn, signTransaction, outside executions, paymaster
 * builds) calls it; the wallet's own account upgrade does not.
 *
 * @param calls - The calls, in order.
 * @param signer - The signing account's address.
 * @param field - Path of the calls array in the request, for the error.
 * @throws InvalidField (-32602) naming the first such call (index and contract).
 */
export function assertNoSelfCall(
  calls: readonly {
    contractAddress: string;
    entrypoint?: string | undefined;
  }[],
  signer: string,
  field: string,
): void {
  const index = calls.findIndex((call) => isSelfCall(call, signer));
  const call = calls[index];
  if (call) {
    const what = call.entrypoint === undefined ? '' : ` (${call.entrypoint})`;
    throw new InvalidField(
      `${field}.${index}`,
      `calls the signing account itself${what} at ${toFelt64(call.contractAddress)}, which can change its owner or class: refused`,
    );
  }
}
