import type { SnapnetClient } from '../snap';
import { SnapnetErrorCode } from '../snap';
import type { EventHub } from './events';
import { createEventHub } from './events';

/** The fastest polling allowed: outside changes are looked for at most once a second. */
export const MIN_POLL_INTERVAL_MS = 1000;

/** Default polling period for changes made outside this adapter. */
export const DEFAULT_POLL_INTERVAL_MS = 2000;

/** What the adapter knows of the wallet between calls, and the events it raises. */
export type Session = {
  readonly events: EventHub;
  /**
   * The session's chain: the last chain the dapp was told (a `wallet_requestChainId`
   * result, a `networkChanged`, a switch through the adapter). Undefined until the
   * first look after connecting, which sets it without an event.
   */
  readonly chainId: () => string | undefined;
  /**
   * Whether this dapp is connected to the snap (`wallet_getSnaps`: never prompts).
   * Starts polling when it is and someone asked for it.
   */
  checkConnected(): Promise<boolean>;
  /** Marks the dapp connected (after `wallet_requestSnaps`). */
  markConnected(): void;
  /**
   * Records the network and account just read or changed through the adapter, raising
   * `networkChanged` / `accountsChanged` at once when they differ from what the dapp
   * was told. The first look after connecting is not a change: no event.
   */
  observe(chainId: string, address: string | undefined): void;
  /**
   * One look at the snap's current network and account (as polling does), told to the
   * dapp when it differs and then followed. Never rejects: a failed look changes nothing.
   */
  look(): Promise<void>;
  /**
   * Asks for polling while the returned function is not called: the Wallet Standard
   * face counts its `change` listeners this way (its wrapper listens passively).
   */
  demand(): () => void;
  /** Stops polling for good; listeners stay registered (tests, page teardown). */
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

  chainId: string | undefined;

  demands = 0;

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
    const wanted =
      this.connected && !this.disposed && this.events.size() + this.demands > 0;
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
    // Before connecting, or the first look after: nothing was told, nothing changed.
    if (!this.connected || previousChain === undefined) {
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
 * Creates the session of one face of the wallet (window object or Wallet Standard
 * wallet): one chain per dapp session, carried on every snap call made for the dapp.
 * Changes made elsewhere (home page, another dapp) are found by polling
 * `snapnet_getCurrentAccount` — no dialog, no state written — told to the dapp, and only
 * then followed. Polling runs only while active listeners (or demands) exist and the
 * dapp is connected, one call at a time, at most once per `pollIntervalMs` (never below
 * {@link MIN_POLL_INTERVAL_MS}).
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
    look: async () => state.poll(),
    demand(): () => void {
      state.demands += 1;
      state.updatePolling();
      let released = false;
      return () => {
        if (!released) {
          released = true;
          state.demands -= 1;
          state.updatePolling();
        }
      };
    },
    dispose(): void {
      state.disposed = true;
      state.updatePolling();
    },
  };
}
