import { PaymasterFailed } from '../errors';
import type { Network } from '../starknet/node/networks';
import { NODE_TIMEOUT_MS } from '../starknet/node/networks';
import { createPaymasterClient } from '../starknet/paymaster/client';
import type { Store } from '../state/store';
import type { Translate } from '../ui/i18n';
import type { NodeSettingResult } from './nodeSetting';
import { parseNodeUrl } from './nodeSetting';

/**
 * Saves the SNIP-29 paymaster URL the user typed on the home page for a network,
 * after checking its form (https, or http to this machine, as for the node) and that
 * it answers `paymaster_isAvailable` with true. Only the home page calls this: dapps
 * cannot choose who relays the user's fee-token sends.
 *
 * @param store - The state store.
 * @param network - The network the URL is for.
 * @param text - What the user typed.
 * @param translate - Translator, for the reason of a refusal.
 * @returns Saved, or why not.
 */
export async function savePaymasterUrl(
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
  const client = createPaymasterClient(url, NODE_TIMEOUT_MS);
  let available = false;
  try {
    available = await client.isAvailable();
  } catch (error) {
    if (!(error instanceof PaymasterFailed)) {
      throw error;
    }
  }
  if (!available) {
    return {
      saved: false,
      problem: translate('home.paymaster.unreachable', { host: client.host }),
    };
  }
  await store.update((state) => {
    state.paymasterUrls[network.chainId] = url;
  });
  return { saved: true };
}

/**
 * Goes back to the network's build-time paymaster.
 *
 * @param store - The state store.
 * @param network - The network.
 */
export async function resetPaymasterUrl(
  store: Store,
  network: Network,
): Promise<void> {
  await store.update((state) => {
    delete state.paymasterUrls[network.chainId];
  });
}
