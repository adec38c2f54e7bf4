import { TokenContractInvalid } from '../../errors';
import { viewCall } from '../node/calls';
import type { NodeClient, NodeOutcome } from '../node/node';
import { isNodeError } from '../node/node';

/** What a token contract says about itself; undefined where it gave no usable answer. */
export type TokenMetadata = {
  name: string | undefined;
  symbol: string | undefined;
  decimals: number | undefined;
};

/**
 * A way the contract falls short, shown as a warning. A claim it contradicts is never
 * a warning: the request is refused (chain over claims, rpc/addErc20Token.tsx).
 */
export type TokenMismatch = { kind: 'notErc20' };

const CONTROL = /\p{C}/u;

/**
 * Decodes a string an ERC-20 view returns: one felt (Cairo short string, older
 * tokens) or a Cairo `ByteArray` (`[words, ...31-byte words, pending, pendingLength]`,
 * newer tokens).
 *
 * @param felts - The call result.
 * @returns The text, or undefined when it is neither form or holds control characters.
 */
export function decodeTokenString(
  felts: readonly string[],
): string | undefined {
  try {
    const values = felts.map((felt) => BigInt(felt));
    let digits: string;
    if (values.length === 1) {
      const value = values[0] ?? 0n;
      digits = value ? value.toString(16) : '';
      digits = digits.length % 2 ? `0${digits}` : digits;
    } else {
      const [count, ...rest] = values;
      if (count === undefined || rest.length !== Number(count) + 2) {
        return undefined;
      }
      const pending = rest[rest.length - 2] ?? 0n;
      const pendingLength = Number(rest[rest.length - 1] ?? 0n);
      if (pendingLength > 30) {
        return undefined;
      }
      const words = rest
        .slice(0, Number(count))
        .map((word) => word.toString(16).padStart(62, '0'));
      const tail = pendingLength
        ? pending.toString(16).padStart(pendingLength * 2, '0')
        : '';
      digits = `${words.join('')}${tail}`;
    }
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      hexBytes(digits),
    );
    return text && !CONTROL.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decodes the answer of `decimals()`: one felt between 0 and 255.
 *
 * @param felts - The call result.
 * @returns The decimals, or undefined when the answer is not that.
 */
export function decodeDecimals(felts: readonly string[]): number | undefined {
  if (felts.length !== 1) {
    return undefined;
  }
  try {
    const value = BigInt(felts[0] ?? '');
    return value <= 255n ? Number(value) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns an even-length string of hex digits into bytes.
 *
 * @param digits - Hex digits, no prefix.
 * @returns The bytes.
 */
function hexBytes(digits: string): Uint8Array {
  const bytes = new Uint8Array(digits.length / 2);
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = parseInt(digits.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

/**
 * Reads a token's `name()`, `symbol()` and `decimals()` in one batched request. A contract
 * that does not answer them (a contract error) is reported as unknown values, so the
 * dialog can warn; an address with no contract at all is an invalid token.
 *
 * @param node - The network's node client.
 * @param tokenAddress - Normalized token address.
 * @param networkName - For the error message.
 * @returns What the contract says.
 * @throws TokenContractInvalid when nothing is deployed at the address.
 * @throws NodeRequestFailed when the node fails otherwise.
 */
export async function readTokenMetadata(
  node: NodeClient,
  tokenAddress: string,
  networkName: string,
): Promise<TokenMetadata> {
  const [name, symbol, decimals] = await node.batch([
    viewCall(tokenAddress, 'name'),
    viewCall(tokenAddress, 'symbol'),
    viewCall(tokenAddress, 'decimals'),
  ]);
  const felts = (outcome: NodeOutcome<string[]>): string[] | undefined => {
    if (outcome.ok) {
      return outcome.result;
    }
    if (isNodeError(outcome.error, 'CONTRACT_NOT_FOUND')) {
      throw new TokenContractInvalid(
        tokenAddress,
        `has no contract on ${networkName}`,
        { cause: outcome.error },
      );
    }
    if (isNodeError(outcome.error, 'CONTRACT_ERROR')) {
      return undefined;
    }
    throw outcome.error;
  };
  const nameFelts = felts(name);
  const symbolFelts = felts(symbol);
  const decimalsFelts = felts(decimals);
  return {
    name: nameFelts && decodeTokenString(nameFelts),
    symbol: symbolFelts && decodeTokenString(symbolFelts),
    decimals: decimalsFelts && decodeDecimals(decimalsFelts),
  };
}

/**
 * Whether the contract failed to answer like an ERC-20 (its symbol or decimals
 * unreadable), so the page's values stand in for them: the dialog says so.
 *
 * @param onChain - What the contract answered.
 * @returns The warning, or none.
 */
export function tokenMismatches(
  onChain: Pick<TokenMetadata, 'symbol' | 'decimals'>,
): TokenMismatch[] {
  return onChain.symbol === undefined || onChain.decimals === undefined
    ? [{ kind: 'notErc20' }]
    : [];
}
