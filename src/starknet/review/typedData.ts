import type { TypedData } from 'starknet';
import { shortString, typedData } from 'starknet';

import { InvalidField } from '../../errors';
import type { Network } from '../node/networks';

const FIELD = 'typedDataMessage';

/**
 * starknet.js' shape check, which throws (a TypeError) on some shapes instead of
 * answering false, e.g. `types` given as a string or `domain` as null.
 *
 * @param value - Parsed typed data.
 * @returns Whether it has the SNIP-12 shape.
 */
function isTypedData(value: unknown): value is TypedData {
  try {
    return typedData.validateTypedData(value);
  } catch {
    return false;
  }
}

/**
 * Reads SNIP-12 typed data given as JSON text or as an object, and checks its type
 * graph by hashing it once, so a malformed message is refused before any dialog.
 *
 * @param input - What the dapp sent.
 * @param accountAddress - The signer (part of the SNIP-12 hash).
 * @returns The typed data and its message hash.
 * @throws InvalidField naming what is wrong.
 */
export function readTypedData(
  input: string | Record<string, unknown>,
  accountAddress: string,
): { data: TypedData; hash: string } {
  let parsed: unknown = input;
  if (typeof input === 'string') {
    try {
      parsed = JSON.parse(input);
    } catch (cause) {
      throw new InvalidField(FIELD, 'is not valid JSON', { cause });
    }
  }
  if (!isTypedData(parsed)) {
    throw new InvalidField(
      FIELD,
      'is not SNIP-12 typed data: it needs types, primaryType, domain and message, and primaryType must be one of types',
    );
  }
  try {
    return {
      data: parsed,
      hash: typedData.getMessageHash(parsed, accountAddress),
    };
  } catch (cause) {
    throw new InvalidField(
      FIELD,
      `has a malformed type graph: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/**
 * The domain's chain id as a number, whether written as hex or as a short string
 * (`SN_SEPOLIA`).
 *
 * @param data - Typed data.
 * @returns The chain id, or undefined when the domain has none.
 * @throws InvalidField when it is neither.
 */
export function domainChainId(data: TypedData): bigint | undefined {
  const { chainId } = data.domain;
  if (chainId === undefined || chainId === null || chainId === '') {
    return undefined;
  }
  const text = String(chainId);
  if (/^0x[0-9a-f]+$/iu.test(text) || /^[0-9]+$/u.test(text)) {
    return BigInt(text);
  }
  // Not every text is a short string (`[]` reads as '', which encodes to '0x').
  try {
    return BigInt(shortString.encodeShortString(text));
  } catch (cause) {
    throw new InvalidField(
      `${FIELD}.domain.chainId`,
      'is neither a hex chain id nor a short string such as SN_SEPOLIA',
      { cause },
    );
  }
}

/**
 * Refuses typed data whose domain names another network: a signature must not be
 * replayable on the other chain.
 *
 * @param data - Typed data.
 * @param network - The signing network.
 * @throws InvalidField when the domain chain id is missing or different.
 */
export function assertDomainNetwork(data: TypedData, network: Network): void {
  const chainId = domainChainId(data);
  if (chainId === undefined) {
    throw new InvalidField(
      `${FIELD}.domain.chainId`,
      `is required, so the signature cannot be replayed on another network (use ${network.chainId})`,
    );
  }
  if (chainId !== BigInt(network.chainId)) {
    throw new InvalidField(
      `${FIELD}.domain.chainId`,
      `names another network than the signing one (${network.name}, ${network.chainId})`,
    );
  }
}
