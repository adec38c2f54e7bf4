import { is, number, string, type } from '@metamask/superstruct';

import { TOKEN_CACHE_LIMIT } from '../../state/migrations';
import type { Store } from '../../state/store';
import type { SnapState } from '../../state/types';
import { viewCall } from '../node/calls';
import type { NodeClient } from '../node/node';
import { decodeDecimals, decodeTokenString } from '../tokens/tokenMetadata';
import type { Preview } from './preview';

/**
 * A token the confirmation can show amounts of. `addedBy`: a token a page added to the
 * watch list, never trusted (its page; "" when not recorded).
 */
export type ShownToken = {
  address: string;
  symbol: string;
  decimals: number;
  addedBy?: string;
};

const CachedTokenStruct = type({ symbol: string(), decimals: number() });

/** Where token metadata is cached, and the tokens the user listed on the network. */
export type TokenScope = {
  store: Store;
  /** The state as the request read it. */
  state: SnapState;
  chainId: string;
  /** The network's preloaded tokens and the user's watch list: no read needed. */
  known: readonly ShownToken[];
};

/**
 * Symbol and decimals of the tokens a preview moves or approves that the user did not
 * list: the cache first, then the tokens themselves (`symbol`, `decimals`) in one
 * batch, whose answers are cached. A token that does not answer both is left out (its
 * amounts are shown raw).
 *
 * @param node - Node client.
 * @param scope - Cache, state as read, network and listed tokens.
 * @param preview - The simulation's reading.
 * @returns Metadata of the preview's tokens that are not listed.
 */
export async function previewTokens(
  node: NodeClient,
  scope: TokenScope,
  preview: Preview | undefined,
): Promise<ShownToken[]> {
  if (!preview) {
    return [];
  }
  const { store, state, chainId, known } = scope;
  const addresses = new Set([
    ...preview.balanceChanges.keys(),
    ...preview.approvals.map((approval) => approval.token),
  ]);
  const unknown = [...addresses].filter(
    (address) =>
      !known.some((token) => BigInt(token.address) === BigInt(address)),
  );
  const cache = state.tokenCache[chainId] ?? {};
  const found: ShownToken[] = [];
  const toRead: string[] = [];
  for (const address of unknown) {
    const cached = cache[address];
    if (is(cached, CachedTokenStruct)) {
      found.push({ address, ...cached });
    } else {
      toRead.push(address);
    }
  }
  return [...found, ...(await readTokens(node, store, chainId, toRead))];
}

/**
 * Reads tokens' `symbol` and `decimals` in one batch and caches the answers.
 *
 * @param node - Node client.
 * @param store - The cache's store.
 * @param chainId - The network.
 * @param addresses - The tokens.
 * @returns The tokens that answered both.
 */
export async function readTokens(
  node: NodeClient,
  store: Store,
  chainId: string,
  addresses: string[],
): Promise<ShownToken[]> {
  if (addresses.length === 0) {
    return [];
  }
  const answers = await node.batch(
    addresses.flatMap((address) => [
      viewCall(address, 'symbol'),
      viewCall(address, 'decimals'),
    ]),
  );
  const read = addresses.flatMap((address, index): ShownToken[] => {
    const [symbol, decimals] = [answers[index * 2], answers[index * 2 + 1]];
    const text = symbol?.ok ? decodeTokenString(symbol.result) : undefined;
    const places = decimals?.ok ? decodeDecimals(decimals.result) : undefined;
    return text === undefined || places === undefined
      ? []
      : [{ address, symbol: text, decimals: places }];
  });
  if (read.length > 0) {
    await store.update((draft) => {
      const entries = draft.tokenCache[chainId] ?? {};
      draft.tokenCache[chainId] = entries;
      for (const token of read) {
        // Re-inserted last, so the oldest entries are the first dropped.
        delete entries[token.address];
        entries[token.address] = {
          symbol: token.symbol,
          decimals: token.decimals,
        };
      }
      const over = Object.keys(entries).length - TOKEN_CACHE_LIMIT;
      for (const address of Object.keys(entries).slice(0, Math.max(over, 0))) {
        delete entries[address];
      }
    });
  }
  return read;
}
