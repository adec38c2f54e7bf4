import type {
  ExtractPublicKeyParams,
  ExtractPublicKeyResult,
} from '../api/extractPublicKey';
import { toFelt64 } from '../api/felt';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { ownerGetter } from '../starknet/accounts/legacy';
import { classHashAtCall, viewCall } from '../starknet/node/calls';
import { isNodeError } from '../starknet/node/node';
import type { RpcContext } from './context';
import { requireGranted } from './pageAccess';

/**
 * `snapnet_extractPublicKey` (accounts given to the page only, else 4100): the key the
 * deployed account contract holds (which may differ from the derived one after a key
 * rotation), else the account's signer key (its stored key, which gives its address;
 * see findWalletAccount). The owner is read the way the class on chain answers it, not
 * by the formula that derived the address: a legacy address upgraded in place runs
 * Argent 0.3.1 or 0.4.0, which has no `getSigner`.
 *
 * @param params - The account address.
 * @param ctx - Request context.
 * @returns The public key, padded hex.
 */
export async function extractPublicKey(
  params: ExtractPublicKeyParams,
  ctx: RpcContext,
): Promise<ExtractPublicKeyResult> {
  await requireGranted(ctx, params.userAddress, 'userAddress');
  const { record } = await findWalletAccount(
    ctx,
    params.userAddress,
    'userAddress',
  );
  let classHash: string;
  try {
    classHash = await ctx.node.send(classHashAtCall(record.address));
  } catch (error) {
    if (isNodeError(error, 'CONTRACT_NOT_FOUND')) {
      return record.publicKey;
    }
    throw error;
  }
  const [owner] = await ctx.node.send(
    viewCall(record.address, ownerGetter(classHash)),
  );
  return owner === undefined ? record.publicKey : toFelt64(owner);
}
