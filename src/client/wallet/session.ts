import type { SnapnetClient } from '../snap';
import { SnapnetErrorCode, STARKNET_CHAIN_IDS } from '../snap';
import type { EventHub } from './events';
import { createEventHub } from './events';

/** The fastest polling allowed: outside changes are looked for at most once a second. */
export const MIN_POLL_INTERVAL_MS = 1000;

/** Default polling period for changes made outside this adapter. */
export const DEFAULT_POLL_INTERVAL_MS = 2000;

/** What the adapter knows of the wallet between calls, and the events it raises. */
export type Session = {
  readonly events: EventHub;
  /** The last chain id seen, or the snap's default network before any was seen. */
  readonly chainId: () => string;
  /**
   * Whether this dapp is connected to the snap (`wallet_getSnaps`: never prompts).
   * Starts polling when it is and listeners exist.
   */
  checkConnected(): Promise<boolean>;
  /** Marks the dapp connected (after `wallet_requestSnaps`). */
  markConnected(): void;
  /**
   * Records the network and account just read or changed through the adapter, raising
   * `networkChanged` / `accountsChanged` at once when they differ from the last seen.
   */
  observe(chainId: string, address: string | undefined): void;
  /** Stops polling; listeners stay registered (used by tests and `installSnapnetWallet`). */
  dispose(): void;
};

/**
 * Whether a snap call failed because the dapp is not (or no longer) connected.
 *
 * @param error - What the call threw.
 * @returns Whether its code is 4100.
 */
function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === SnapnetErrorCode.Unauthorized
  );
}

/**
 * Creates the session of one wallet object. Changes made elsewhere (home page, another
 * dapp) are found by polling `snapnet_getCurrentAccount` — no dialog, no state written —
 * only while listeners exist and the dapp is connected, one call at a time, at most
 * once per `pollIntervalMs` (never below {@link MIN_POLL_INTERVAL_MS}).
 *
 * @param client - The snap client.
 * @param pollIntervalMs - The polling period.
 * @returns The session.
 */
export function createSession(
  client: SnapnetClient,
  pollIntervalMs = DEFAULT_POLL_INTERVAL_MS,
): Session {
  const interval = Math.max(MIN_POLL_INTERVAL_MS, pollIntervalMs);
  let connected = false;
  let chainId: string = STARKNET_CHAIN_IDS.sepolia;
  let address: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let disposed = false;

  const events = createEventHub(updatePolling);

  /** Starts or stops the timer to match: connected, listeners, not disposed. */
  function updatePolling(): void {
    const wanted = connected && !disposed && events.size() > 0;
    if (!wanted && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (wanted && timer === undefined && !polling) {
      timer = setTimeout(() => {
        timer = undefined;
        polling = true;
        poll()
          .finally(() => {
            polling = false;
            updatePolling();
          })
          .catch(() => undefined);
      }, interval);
    }
  }

  /** The dapp lost its connection (revoked in the wallet): say so once, stop polling. */
  function disconnected(): void {
    connected = false;
    address = undefined;
    events.accountsChanged(undefined);
  }

  /** One look at the snap's current network and account. */
  async function poll(): Promise<void> {
    try {
      const account = await client.getCurrentAccount({});
      if (account) {
        observe(account.chainId, account.address);
      } else {
        observe((await client.getCurrentNetwork()).chainId, undefined);
      }
    } catch (error) {
      if (isUnauthorized(error)) {
        disconnected();
      }
      // Anything else: try again next period.
    }
  }

  /**
   * See {@link Session.observe}.
   *
   * @param nextChainId - The network now current.
   * @param nextAddress - Its current account, when known.
   */
  function observe(nextChainId: string, nextAddress: string | undefined): void {
    const previousChain = chainId;
    const previousAddress = address;
    chainId = nextChainId;
    address =
      nextAddress ?? (nextChainId === previousChain ? address : undefined);
    const list = address === undefined ? undefined : [address];
    if (!connected) {
      return;
    }
    const networkChanged = previousChain !== chainId;
    if (networkChanged) {
      events.networkChanged(chainId, list);
    }
    // A new account, also after a network change (starknet.js `WalletAccount` takes
    // its address from this event only); not the first one seen after connecting.
    if (
      address !== undefined &&
      address !== previousAddress &&
      (previousAddress !== undefined || networkChanged)
    ) {
      events.accountsChanged(list);
    }
  }

  return {
    events,
    chainId: () => chainId,
    async checkConnected(): Promise<boolean> {
      connected = await client.isInstalled();
      updatePolling();
      return connected;
    },
    markConnected(): void {
      connected = true;
      updatePolling();
    },
    observe,
    dispose(): void {
      disposed = true;
      updatePolling();
    },
  };
}
