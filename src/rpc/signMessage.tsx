import { joinSignature } from '../api/felt';
import type { SignMessageParams, SignMessageResult } from '../api/signMessage';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { signHash } from '../starknet/accounts/signature';
import { isOutsideExecution } from '../starknet/outsideExecution';
import {
  assertDomainNetwork,
  readTypedData,
} from '../starknet/review/typedData';
import { describeTypedData } from '../ui/describeTypedData';
import { SignMessageDialog } from '../ui/SignMessageDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { signOutsideExecution } from './signOutsideExecution';

/**
 * `snapnet_signMessage`: signs SNIP-12 typed data with one of this wallet's accounts
 * after the user reads it in a dialog. Typed data for another network is refused
 * (a signature must not be replayable there).
 *
 * @param params - Typed data and signer.
 * @param ctx - Request context.
 * @returns `0x` + r + s.
 */
export async function signMessage(
  params: SignMessageParams,
  ctx: RpcContext,
): Promise<SignMessageResult> {
  // Asked first, so the wallet answers while the hash and the address are computed;
  // awaited for the dialog (a refusal before it must not leave it unhandled).
  const texts = ctx.t();
  texts.catch(() => undefined);
  const { data, hash } = readTypedData(
    params.typedDataMessage,
    params.signerAddress,
  );
  if (isOutsideExecution(data)) {
    return signOutsideExecution(
      { data, hash, signerAddress: params.signerAddress },
      ctx,
    );
  }
  assertDomainNetwork(data, ctx.network);
  const shown = describeTypedData(data);
  const { record } = await findWalletAccount(
    ctx,
    params.signerAddress,
    'signerAddress',
  );
  const translate = await texts;
  const keys = await approveThenUnlock(
    ctx,
    record,
    <SignMessageDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      signer={record.address}
      primaryType={data.primaryType}
      domain={shown.domain}
      message={shown.message}
    />,
    'User rejected the signature request.',
  );
  return joinSignature(signHash(hash, keys.privateKey));
}
