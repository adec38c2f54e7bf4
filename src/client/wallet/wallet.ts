import { hasProperty } from '@metamask/utils';
import type { StarknetWindowObject, WALLET_API } from '@starknet-io/types-js';

import type { SnapnetClient, SnapnetClientOptions } from '../snap';
import { createSnapnetClient } from '../snap';
import type { HandlerContext, Handlers } from './context';
import { StarknetWalletApiError, toWalletApiError } from './errors';
import { handlers } from './handlers';
import { SNAPNET_ICON } from './icon';
import type { Session } from './session';
import { createSession } from './session';
import type { ServedWalletApi } from './versions';
import {
  requestedVersion,
  STRK20_METHODS,
  SUPPORTED_WALLET_API,
  withinMethodErrors,
} from './versions';

/** Options of {@link createSnapnetWallet}: the snap client's, plus the wallet's identity. */
export type SnapnetWalletOptions = SnapnetClientOptions & {
  /** `id` of the wallet object (get-starknet keys wallets by it; never `metamask`). */
  id?: string;
  /** Name shown by wallet pickers. */
  name?: string;
  /** How often to look for changes made outside this adapter (ms, at least 1000). */
  pollIntervalMs?: number;
};

/** The wallet object plus what the adapter adds for its owner. */
export type SnapnetWallet = StarknetWindowObject & {
  /** Stops the polling for outside changes (listeners stay registered). */
  dispose(): void;
};

/** Default `id`: get-starknet reserves `metamask` for its own MetaMask entry. */
export const SNAPNET_WALLET_ID = 'snapnet';

/**
 * Whether `type` is a method of the wallet API this adapter serves.
 *
 * @param type - The request type.
 * @returns Whether a handler exists.
 */
function isHandled(type: string): type is keyof Handlers & string {
  return hasProperty(handlers, type);
}

/**
 * Serves one wallet-API request, every failure as a wallet-API error.
 *
 * @param call - `{ type, params }`.
 * @param call.type - The wallet-API method.
 * @param call.params - Its params, unchecked.
 * @param context - Client and session.
 * @returns The result.
 */
async function serve(
  call: { type: string; params?: unknown },
  context: HandlerContext,
): Promise<unknown> {
  const { type, params } = call;
  let version: ServedWalletApi = SUPPORTED_WALLET_API[0];
  try {
    if (STRK20_METHODS.includes(type)) {
      throw new StarknetWalletApiError('UNKNOWN_ERROR', {
        method: type,
        data: 'STRK20 is not supported by snapnet',
      });
    }
    if (!isHandled(type)) {
      throw new StarknetWalletApiError('UNKNOWN_ERROR', {
        method: type,
        data: `${type} is not a wallet API method snapnet serves`,
      });
    }
    version = requestedVersion(params, type);
    const handler = handlers[type];
    return await handler?.(params, context);
  } catch (error) {
    throw withinMethodErrors(toWalletApiError(error, type), type, version);
  }
}

/**
 * One face of the wallet: a wallet object over the shared snap client with its own
 * session (its own chain, events and polling), so two faces never tell each other's
 * dapp code about changes it did not see, nor keep each other polling.
 *
 * @param options - As for {@link createSnapnetWallet}.
 * @param client - The snap client the faces share.
 * @param passive - Whether `on` listens passively (a wrapper's permanent subscription,
 * which must not ask for polling).
 * @returns The wallet object and its session.
 */
export function createWalletFace(
  options: SnapnetWalletOptions,
  client: SnapnetClient,
  passive: boolean,
): { wallet: SnapnetWallet; session: Session } {
  const session = createSession(client, options.pollIntervalMs);
  const context = { client, session };
  /**
   * The wallet API's generic request, served by the handler table.
   *
   * @param call - `{ type, params }`.
   * @returns The result typed by the method.
   */
  async function request<Type extends WALLET_API.RpcMessage['type']>(
    call: WALLET_API.RequestFnCall<Type>,
  ): Promise<WALLET_API.RpcTypeToMessageMap[Type]['result']> {
    // Each handler returns its method's result type (see `Handlers`); the lookup by
    // name in `serve` loses that link, so it is restated here.
    return (await serve(
      call,
      context,
    )) as WALLET_API.RpcTypeToMessageMap[Type]['result'];
  }
  const wallet: SnapnetWallet = {
    id: options.id ?? SNAPNET_WALLET_ID,
    name: options.name ?? 'snapnet',
    version: '0.1.0',
    icon: SNAPNET_ICON,
    request,
    on: (event, handler) =>
      passive
        ? session.events.listenPassively(event, handler)
        : session.events.on(event, handler),
    off: (event, handler) => session.events.off(event, handler),
    dispose: () => session.dispose(),
  };
  return { wallet, session };
}

/**
 * Creates a Starknet wallet object (`StarknetWindowObject`, the wallet API of
 * `@starknet-io/types-js`) backed by the snapnet snap, so dapps written for get-starknet,
 * starknet.js `WalletAccount` or starknet-react use snapnet unchanged. Every call goes
 * through one snap client (`snapnet/client`); the provider defaults to MetaMask found by
 * EIP-6963 discovery. It answers as the published wallet API says for every version it
 * lists in `wallet_supportedWalletApi` (docs/wallet.md).
 *
 * @param options - Snap id and version, provider or discovery, wallet id and name.
 * @returns The wallet object.
 */
export function createSnapnetWallet(
  options: SnapnetWalletOptions,
): SnapnetWallet {
  return createWalletFace(options, createSnapnetClient(options), false).wallet;
}
