import type { WALLET_API } from '@starknet-io/types-js';

type Handlers = WALLET_API.WalletEventHandlers;
type EventName = keyof Handlers;

/** The `on` / `off` listener lists of one wallet object, and how to call them. */
export type EventHub = {
  on: WALLET_API.WalletEventListener;
  off: WALLET_API.WalletEventListener;
  /**
   * Adds a listener that hears events but does not count in {@link EventHub.size}: a
   * wrapper's permanent subscription (get-starknet's `StarknetInjectedWallet`
   * subscribes in its constructor, for good) must not keep polling alive.
   */
  listenPassively: WALLET_API.WalletEventListener;
  /** How many active listeners there are, all events together (polling runs only above 0). */
  size(): number;
  accountsChanged(accounts: string[] | undefined): void;
  networkChanged(chainId: string, accounts: string[] | undefined): void;
};

/**
 * Calls a listener so that one throwing (a dapp bug) neither stops the others nor
 * breaks the adapter call that caused the event.
 *
 * @param run - The call.
 */
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    // Not ours to handle; surface it as an uncaught error, after this call returns.
    setTimeout(() => {
      throw error;
    });
  }
}

/**
 * Creates the listener lists of the wallet API's two events.
 *
 * @param onChange - Called after a listener is added or removed (to start or stop polling).
 * @returns The hub.
 */
export function createEventHub(onChange: () => void): EventHub {
  const accounts = new Set<Handlers['accountsChanged']>();
  const networks = new Set<Handlers['networkChanged']>();
  const passive = new Set<unknown>();

  /**
   * The list of an event, with the handler type it holds.
   *
   * @param event - The event.
   * @returns Its listeners.
   */
  function listOf<Event extends EventName>(
    event: Event,
  ): Set<Handlers[Event]> | undefined {
    const lists: { [Name in EventName]: Set<Handlers[Name]> } = {
      accountsChanged: accounts,
      networkChanged: networks,
    };
    return lists[event];
  }

  return {
    on(event, handler): void {
      listOf(event)?.add(handler);
      onChange();
    },
    off(event, handler): void {
      listOf(event)?.delete(handler);
      passive.delete(handler);
      onChange();
    },
    listenPassively(event, handler): void {
      listOf(event)?.add(handler);
      passive.add(handler);
    },
    size: () =>
      [...accounts, ...networks].filter((handler) => !passive.has(handler))
        .length,
    accountsChanged(list): void {
      for (const handler of [...accounts]) {
        safely(() => handler(list));
      }
    },
    networkChanged(chainId, list): void {
      for (const handler of [...networks]) {
        safely(() => handler(chainId, list));
      }
    },
  };
}
