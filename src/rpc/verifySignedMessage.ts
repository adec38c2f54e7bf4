import { num as felt } from 'starknet';

import type {
  VerifySignedMessageParams,
  VerifySignedMessageResult,
} from '../api/verifySignedMessage';
import { InvalidField } from '../errors';
import { findWalletAccount } from '../starknet/accounts/accounts';
import { readSignature, verifyWithKey } from '../starknet/accounts/signature';
import { viewCall } from '../starknet/node/calls';
import { isNodeError } from '../starknet/node/node';
import { readTypedData } from '../starknet/review/typedData';
import type { RpcContext } from './context';
import { maySeeAccount } from './pageAccess';

/** What SNIP-6 `is_valid_signature` returns for a valid signature ('VALID'). */
const VALID = BigInt('0x56414c4944');

/**
 * Asks a deployed account contract whether it accepts the signature (SNIP-6), for
 * accounts this wallet does not hold.
 *
 * @param ctx - Request context.
 * @param address - The account.
 * @param hash - The message hash.
 * @param signature - r and s.
 * @returns Whether the contract says VALID; false when nothing is deployed there.
 */
async function askAccountContract(
  ctx: RpcContext,
  address: string,
  hash: string,
  signature: [bigint, bigint],
): Promise<boolean> {
  try {
    const [answer] = await ctx.node.send(
      viewCall(address, 'is_valid_signature', [
        hash,
        '0x2',
        felt.toHex(signature[0]),
        felt.toHex(signature[1]),
      ]),
    );
    return (
      answer !== undefined &&
      (BigInt(answer) === VALID || BigInt(answer) === 1n)
    );
  } catch (error) {
    if (
      isNodeError(error, 'CONTRACT_NOT_FOUND') ||
      isNodeError(error, 'CONTRACT_ERROR')
    ) {
      // Nothing deployed there, or the contract rejects the signature by failing.
      return false;
    }
    throw error;
  }
}

/**
 * `snapnet_verifySignedMessage`: checks a typed-data signature. For this wallet's
 * accounts (deployed or not) it verifies against the derived key; for any other
 * account it asks the account contract. A well-formed wrong signature is `false`;
 * malformed input is an invalid-params error.
 *
 * @param params - Typed data, signer address and signature.
 * @param ctx - Request context.
 * @returns Whether the signature is valid.
 */
export async function verifySignedMessage(
  params: VerifySignedMessageParams,
  ctx: RpcContext,
): Promise<VerifySignedMessageResult> {
  const { hash } = readTypedData(params.typedDataMessage, params.address);
  const signature = readSignature(params.signature);
  let own;
  try {
    // A page's answer about an account it was not given is the chain's, as for any
    // stranger's: whether the address is the wallet's is never shown.
    if (await maySeeAccount(ctx, params.address)) {
      own = await findWalletAccount(ctx, params.address, 'address');
    }
  } catch (error) {
    if (!(error instanceof InvalidField)) {
      throw error;
    }
  }
  if (own) {
    return verifyWithKey(signature, hash, own.record.publicKey);
  }
  return askAccountContract(ctx, params.address, hash, signature);
}
