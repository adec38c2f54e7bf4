import type {
  ExtractPublicKeyParams,
  ExtractPublicKeyResult,
} from '../api/extractPublicKey';
import { toFelt64 } from '../api/felt';
import { findWalletAccount } from '../starknet/accounts';
import { viewCall } from '../starknet/calls';
import { isNodeError } from '../starknet/node';
import type { RpcContext } from './context';
import { requireGranted } from './pageAccess';

/**
 * `snapnet_extractPublicKey` (accounts given to the page only, else 4100): the key the deployed account contract holds (which may
 * differ from the derived one after a key rotation), else the account's signer key
 * (its stored key, which gives its address; see findWalletAccount).
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
  const entrypoint = record.cairoVersion === '1' ? 'get_owner' : 'getSigner';
  try {
    const [owner] = await ctx.node.send(viewCall(record.address, entrypoint));
    return owner === undefined ? record.publicKey : toFelt64(owner);
  } catch (error) {
    if (isNodeError(error, 'CONTRACT_NOT_FOUND')) {
      return record.publicKey;
    }
    throw error;
  }
}
