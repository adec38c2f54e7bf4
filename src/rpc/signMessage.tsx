import { joinSignature } from '../api/felt';
import type { SignMessageParams, SignMessageResult } from '../api/signMessage';
import { UserRejected } from '../errors';
import { findWalletAccount, unlockAccount } from '../starknet/accounts';
import { isOutsideExecution } from '../starknet/outsideExecution';
import { signHash } from '../starknet/signature';
import { assertDomainNetwork, readTypedData } from '../starknet/typedData';
import { describeTypedData } from '../ui/describeTypedData';
import { confirm } from '../ui/show';
import { SignMessageDialog } from '../ui/SignMessageDialog';
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
  const translate = await ctx.t();
  const approved = await confirm(
    <SignMessageDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      signer={record.address}
      primaryType={data.primaryType}
      domain={shown.domain}
      message={shown.message}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the signature request.');
  }
  const keys = await unlockAccount(ctx, record);
  return joinSignature(signHash(hash, keys.privateKey));
}
