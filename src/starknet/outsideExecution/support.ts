import { constants, hash } from 'starknet';

import type { AccountRecord } from '../../state/types';
import { viewCall } from '../node/calls';
import type { NodeClient } from '../node/node';
import { isNodeError } from '../node/node';
import type { OutsideExecutionVersion } from './domain';

const INTERFACES: readonly [OutsideExecutionVersion, string][] = [
  ['1', constants.SNIP9_V1_INTERFACE_ID],
  ['2', constants.SNIP9_V2_INTERFACE_ID],
];

/**
 * Whether the contract itself answered no (no SRC5, a failing call), as opposed to
 * the node failing: only then is the version unsupported.
 *
 * @param error - A batch outcome's error.
 * @returns Whether the contract refused.
 */
function refusedByContract(error: unknown): boolean {
  return (
    isNodeError(error, 'CONTRACT_ERROR') ||
    isNodeError(error, 'ENTRYPOINT_NOT_FOUND')
  );
}

/**
 * The SNIP-9 versions the account can execute, in the chain's word: one batch (one
 * round trip) asking the account's SRC5 `supports_interface` for the v1 and v2 ids,
 * so an upgraded account (Argent 0.4: v1 and v2) is recognised as well as the snap's
 * own class (Argent 0.3: v1) without a table of class hashes. An account not deployed
 * yet will be deployed with the snap's class, which supports v1.
 *
 * @param node - The network's node.
 * @param account - The wallet account.
 * @returns The supported versions (empty when none).
 */
export async function supportedVersions(
  node: NodeClient,
  account: Pick<AccountRecord, 'address' | 'cairoVersion'>,
): Promise<OutsideExecutionVersion[]> {
  const outcomes = await node.batch(
    INTERFACES.map(([, id]) =>
      viewCall(account.address, 'supports_interface', [id]),
    ),
  );
  if (
    outcomes.every(
      (outcome) =>
        !outcome.ok && isNodeError(outcome.error, 'CONTRACT_NOT_FOUND'),
    )
  ) {
    return account.cairoVersion === '1' ? ['1'] : [];
  }
  return INTERFACES.flatMap(([version], index) => {
    const outcome = outcomes[index];
    if (outcome && !outcome.ok && !refusedByContract(outcome.error)) {
      throw outcome.error;
    }
    return outcome?.ok && BigInt(outcome.result[0] ?? 0) === 1n
      ? [version]
      : [];
  });
}

/**
 * The name of the function a selector calls, from the contract's ABI on chain: an
 * outside execution carries selectors, and the dialog decodes calls by name.
 *
 * @param selector - The selector (hex).
 * @param abi - The called contract's functions, if known.
 * @returns The function name, or undefined when the ABI has none with that selector.
 */
export function entrypointOf(
  selector: string,
  abi: readonly { name: string }[] | undefined,
): string | undefined {
  return abi?.find(
    (entry) =>
      BigInt(hash.getSelectorFromName(entry.name)) === BigInt(selector),
  )?.name;
}
