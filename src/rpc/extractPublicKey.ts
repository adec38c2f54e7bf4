import type {
  ExtractPublicKeyParams,
  ExtractPublicKeyResult,
} from '../api/extractPublicKey';
import { toFelt64 } from '../api/felt';
import { NodeRequestFailed } from '../errors';
import { findWalletAccount } from '../starknet/accounts';
import { CONTRACT_NOT_FOUND, feltsOf, viewCall } from '../starknet/calls';
import type { RpcContext } from './context';

/**
 * `snapnet_extractPublicKey`: the key the deployed account contract holds (which may
 * differ from the derived one after a key rotation), else the derived signer key.
 *
 * @param params - The account address.
 * @param ctx - Request context.
 * @returns The public key, padded hex.
 */
export async function extractPublicKey(
  params: ExtractPublicKeyParams,
  ctx: RpcContext,
): Promise<ExtractPublicKeyResult> {
  const { record, keys } = await findWalletAccount(
    ctx,
    params.userAddress,
    'userAddress',
  );
  const entrypoint = record.cairoVersion === '1' ? 'get_owner' : 'getSigner';
  try {
    const result = await ctx.node.request(viewCall(record.address, entrypoint));
    const [owner] = feltsOf('starknet_call', result);
    return owner === undefined ? keys.publicKey : toFelt64(owner);
  } catch (error) {
    if (
      error instanceof NodeRequestFailed &&
      error.code === CONTRACT_NOT_FOUND
    ) {
      return keys.publicKey;
    }
    throw error;
  }
}
