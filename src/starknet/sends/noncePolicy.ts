import type { FeltInput } from '../../api/felt';
import { InvalidField } from '../../errors';

/**
 * The nonce a send signs: the account's next one as the snap computes it (the lowest
 * at or above the node's that none of the snap's own sends the node still holds, so a
 * freed nonce below pending sends is filled first; nonces.ts). A dapp may name it,
 * and only it. A nonce behind is refused by the node anyway; one ahead is worse: a
 * Starknet 0.14 gateway takes it (up to `max_allowed_nonce_gap`, 200, ahead) and holds
 * it in the mempool until the gap is filled, so the user's send would stall unseen, and
 * the snap, counting it as sent, would sign every later send behind it.
 *
 * @param given - The dapp's nonce, if any.
 * @param next - The account's next nonce.
 * @param field - The nonce's param path, for the error.
 * @returns The nonce to sign: `next`.
 * @throws InvalidField when the dapp named another nonce.
 */
export function sendNonce(
  given: FeltInput | undefined,
  next: bigint,
  field: string,
): bigint {
  if (given === undefined || BigInt(given) === next) {
    return next;
  }
  throw new InvalidField(
    field,
    `is ${BigInt(given)}, but the account's next nonce is ${next}: omit it (snapnet signs the next nonce) or give that one`,
  );
}
