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

/** The closure state of one session: fields, with the timer logic as methods. */
class SessionState {
  connected = false;

  chainId: string = STARKNET_CHAIN_IDS.sepolia;

  address: string | undefined;

  timer: ReturnType<typeof setTimeout> | undefined;

  polling = false;

  disposed = false;

  readonly events: EventHub = createEventHub(() => this.updatePolling());

  readonly #client: SnapnetClient;

  readonly #interval: number;

  /**
   * @param client - The snap client.
   * @param interval - The polling period, already clamped.
   */
  constructor(client: SnapnetClient, interval: number) {
    this.#client = client;
    this.#interval = interval;
  }

  /** Starts or stops the timer to match: connected, listeners, not disposed. */
  updatePolling(): void {
    const wanted = this.connected && !this.disposed && this.events.size() > 0;
    if (!wanted && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (wanted && this.timer === undefined && !this.polling) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.polling = true;
        this.poll()
          .finally(() => {
            this.polling = false;
            this.updatePolling();
          })
          .catch(() => undefined);
      }, this.#interval);
    }
  }

  /** The dapp lost its connection (revoked in the wallet): say so once, stop polling. */
  disconnected(): void {
    this.connected = false;
    this.address = undefined;
    this.events.accountsChanged(undefined);
  }

  /** One look at the snap's current network and account. */
  async poll(): Promise<void> {
    try {
      const account = await this.#client.getCurrentAccount({});
      if (account) {
        this.observe(account.chainId, account.address);
      } else {
        this.observe(
          (await this.#client.getCurrentNetwork()).chainId,
          undefined,
        );
      }
    } catch (error) {
      if (isUnauthorized(error)) {
        this.disconnected();
      }
      // Anything else: try again next period.
    }
  }

  /**
   * See {@link Session.observe}. An arrow field: the session hands it out detached.
   *
   * @param nextChainId - The network now current.
   * @param nextAddress - Its current account, when known.
   */
  readonly observe = (
    nextChainId: string,
    nextAddress: string | undefined,
  ): void => {
    const previousChain = this.chainId;
    const previousAddress = this.address;
    this.chainId = nextChainId;
    this.address =
      nextAddress ?? (nextChainId === previousChain ? this.address : undefined);
    const list = this.address === undefined ? undefined : [this.address];
    if (!this.connected) {
      return;
    }
    const networkChanged = previousChain !== this.chainId;
    if (networkChanged) {
      this.events.networkChanged(this.chainId, list);
    }
    // A new account, also after a network change (starknet.js `WalletAccount` takes
    // its address from this event only); not the first one seen after connecting.
    if (
      this.address !== undefined &&
      this.address !== previousAddress &&
      (previousAddress !== undefined || networkChanged)
    ) {
      this.events.accountsChanged(list);
    }
  };
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
  const state = new SessionState(
    client,
    Math.max(MIN_POLL_INTERVAL_MS, pollIntervalMs),
  );
  return {
    events: state.events,
    chainId: () => state.chainId,
    async checkConnected(): Promise<boolean> {
      state.connected = await client.isInstalled();
      state.updatePolling();
      return state.connected;
    },
    markConnected(): void {
      state.connected = true;
      state.updatePolling();
    },
    observe: state.observe,
    dispose(): void {
      state.disposed = true;
      state.updatePolling();
    },
  };
}
