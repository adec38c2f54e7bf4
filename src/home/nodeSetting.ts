import { string } from '@metamask/superstruct';

import { HEX_FELT_PATTERN, toWireFelt } from '../api/felt';
import { NodeRequestFailed, NodeVersionUnsupported } from '../errors';
import type { Network } from '../starknet/node/networks';
import { NODE_TIMEOUT_MS, findNetwork } from '../starknet/node/networks';
import { createNodeClient, nodeCall, nodeHost } from '../starknet/node/node';
import type { Store } from '../state/store';
import type { SnapState } from '../state/types';
import type { Translate } from '../ui/i18n';

/** Hosts a node may be reached on over plain http: this machine only. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The outcome of trying to save a node URL: saved, or why not, in the user's words. */
export type NodeSettingResult =
  { saved: true } | { saved: false; problem: string };

/**
 * Parses a URL.
 *
 * @param text - The text.
 * @returns The URL, or undefined when the text is not one.
 */
function toUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks the form of a node URL: https, or http to this machine only (a local devnet
 * or node), so the user's requests and addresses never cross the network in clear.
 *
 * @param text - What the user typed.
 * @param translate - Translator, for the reason.
 * @returns The parsed URL, or the reason it is refused.
 */
export function parseNodeUrl(
  text: string,
  translate: Translate,
): { url: URL } | { problem: string } {
  const url = toUrl(text);
  if (!url) {
    return { problem: translate('home.node.notUrl') };
  }
  if (url.username || url.password) {
    // fetch refuses URLs with credentials; say so rather than fail later.
    return { problem: translate('home.node.credentials') };
  }
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    return { problem: translate('home.node.insecure') };
  }
  return { url };
}

/**
 * Asks a node which chain it serves (`starknet_chainId`); the node client reads its
 * `starknet_specVersion` in the same batch, so a node speaking another RPC version
 * (pathfinder's root URL: 0.8) is refused by name.
 *
 * @param url - The node URL.
 * @param network - The network it should serve.
 * @param translate - Translator, for the reason.
 * @returns Undefined when it serves the network, else the reason to refuse it.
 */
async function probeNode(
  url: string,
  network: Network,
  translate: Translate,
): Promise<string | undefined> {
  const host = nodeHost(url);
  let answer;
  try {
    answer = await createNodeClient({
      url,
      timeoutMs: NODE_TIMEOUT_MS,
      action: 'The node setting',
    }).send(nodeCall('starknet_chainId', {}, string()));
  } catch (error) {
    if (error instanceof NodeVersionUnsupported) {
      return translate('home.node.wrongVersion', { host, found: error.found });
    }
    if (error instanceof NodeRequestFailed) {
      return translate('home.node.unreachable', { host });
    }
    throw error;
  }
  // Chain ids compare in the felt module's minimal form, as `network.chainId` is kept.
  const served = HEX_FELT_PATTERN.test(answer) ? toWireFelt(answer) : undefined;
  if (served === network.chainId) {
    return undefined;
  }
  return translate('home.node.wrongChain', {
    host,
    served:
      (served && findNetwork(served)?.name) ?? served ?? JSON.stringify(answer),
    network: network.name,
  });
}

/**
 * Saves the node URL the user typed on the home page for a network, after checking
 * its form and that it answers `starknet_chainId` with that network's chain id. Only
 * the home page calls this: dapps cannot choose the user's node.
 *
 * @param store - The state store.
 * @param network - The network the URL is for.
 * @param text - What the user typed.
 * @param translate - Translator, for the reason of a refusal.
 * @returns Saved, or why not.
 */
export async function saveNodeUrl(
  store: Store,
  network: Network,
  text: string,
  translate: Translate,
): Promise<NodeSettingResult> {
  const parsed = parseNodeUrl(text.trim(), translate);
  if ('problem' in parsed) {
    return { saved: false, problem: parsed.problem };
  }
  const url = parsed.url.href;
  const problem = await probeNode(url, network, translate);
  if (problem !== undefined) {
    return { saved: false, problem };
  }
  await store.update((state) => {
    useNode(state, network.chainId, url);
  });
  return { saved: true };
}

/**
 * Goes back to the network's build-time node.
 *
 * @param store - The state store.
 * @param network - The network.
 */
export async function resetNodeUrl(
  store: Store,
  network: Network,
): Promise<void> {
  await store.update((state) => {
    useNode(state, network.chainId, undefined);
  });
}

/**
 * Sets a network's node and, when it changes, drops what the previous node answered
 * and the snap kept: its ABIs (`abiCache`) and token reads (`tokenCache`). An answer is
 * used only with the node that gave it, so a lying node's ABI does not outlive the
 * user's switch away from it; the cost is one class read per called class (and one
 * token read per unlisted token) on the next confirmations, nothing per request.
 *
 * @param state - The state being updated.
 * @param chainId - The network.
 * @param url - The node URL, or undefined for the build-time default.
 */
function useNode(
  state: SnapState,
  chainId: string,
  url: string | undefined,
): void {
  if (state.nodeUrls[chainId] === url) {
    return;
  }
  if (url === undefined) {
    delete state.nodeUrls[chainId];
  } else {
    state.nodeUrls[chainId] = url;
  }
  delete state.abiCache[chainId];
  delete state.tokenCache[chainId];
}
