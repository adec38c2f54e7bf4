import { InvalidField } from '../errors';

/**
 * The sending account of a signing request: `address`, or `senderAddress` as the
 * interface's samples send it. Both may be given only if they agree.
 *
 * @param params - Request params.
 * @param params.address - Sender as `address`.
 * @param params.senderAddress - Sender as `senderAddress`.
 * @returns The sender address.
 * @throws InvalidField when neither is given or they disagree.
 */
export function senderOf(params: {
  address?: string | undefined;
  senderAddress?: string | undefined;
}): { address: string; field: string } {
  const { address, senderAddress } = params;
  if (address && senderAddress && address !== senderAddress) {
    throw new InvalidField('senderAddress', 'differs from address');
  }
  if (address) {
    return { address, field: 'address' };
  }
  if (senderAddress) {
    return { address: senderAddress, field: 'senderAddress' };
  }
  throw new InvalidField('address', 'is required (the sending account)');
}
