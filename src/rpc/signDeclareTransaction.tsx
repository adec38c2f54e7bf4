import type {
  SignDeclareTransactionParams,
  SignDeclareTransactionResult,
} from '../api/signDeclareTransaction';
import { InvalidField } from '../errors';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { signHash } from '../starknet/accounts/signature';
import {
  assertSignableV3,
  declareHash,
  maxFeeOf,
  readNonce,
  v3Fields,
} from '../starknet/sends/transactions';
import { STRK } from '../starknet/tokens/tokens';
import { formatTokenAmount } from '../ui/format';
import { SignDeclareDialog } from '../ui/SignDeclareDialog';
import { approveThenUnlock } from './approve';
import type { RpcContext } from './context';
import { senderOf, sentLog } from './sender';

/**
 * `snapnet_signDeclareTransaction`: signs the V3 declare hash of a class after a
 * dialog naming the class hash; nothing is sent.
 *
 * @param params - Sender and declare details.
 * @param ctx - Request context.
 * @returns `{ signature: [r, s] }`.
 */
export async function signDeclareTransaction(
  params: SignDeclareTransactionParams,
  ctx: RpcContext,
): Promise<SignDeclareTransactionResult> {
  const sender = senderOf(params);
  const { details } = params;
  const { compiledClassHash } = details;
  if (!compiledClassHash) {
    throw new InvalidField(
      'details.compiledClassHash',
      'is required to sign a V3 declare transaction',
    );
  }
  const { record } = await findWalletAccount(ctx, sender.address, sender.field);
  assertSignableV3(details, 'details');
  const nonce =
    details.nonce === undefined
      ? await readNonce(ctx.node, record.address, sentLog(ctx))
      : BigInt(details.nonce);
  const fields = v3Fields(details, nonce);
  const hash = declareHash({
    senderAddress: record.address,
    classHash: details.classHash,
    compiledClassHash,
    chainId: ctx.network.chainId,
    fields,
  });
  const translate = await ctx.t();
  const keys = await approveThenUnlock(
    ctx,
    record,
    <SignDeclareDialog
      translate={translate}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      classHash={details.classHash}
      compiledClassHash={compiledClassHash}
      maxFee={formatTokenAmount(maxFeeOf(fields), STRK, translate)}
      nonce={fields.nonce.toString()}
    />,
    'User rejected the declare signature.',
  );
  return { signature: signHash(hash, keys.privateKey) };
}
