/**
 * A stand-in for MetaMask in a dapp's tests: an EIP-1193 provider whose
 * `wallet_requestSnaps` / `wallet_getSnaps` / `wallet_invokeSnap` are answered as
 * MetaMask answers them, by the real built snap running in `@metamask/snaps-simulation`.
 * No browser extension, no network: the snap talks to whichever node URL the test gives
 * it (the fake node of this entry, a devnet, …), and its dialogs are answered by a
 * policy (see dialogs.ts).
 */
import type { Snap } from '@metamask/snaps-simulation';
import { is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject, isValidJson } from '@metamask/utils';

import type { StarknetChainId } from '../../api/chains';
import { SN_SEPOLIA } from '../../api/chains';
import type { Eip1193Provider } from '../snap';
import { createDialogDesk } from './dialogDesk';
import type { ConfirmationDialog, DialogDesk, DialogPolicy } from './dialogs';
import type { MetaMaskSide } from './metamask';
import { createMetaMaskSide } from './metamask';
import type { HostedSnap } from './snapHost';
import { hostSnap, manifestVersion, snapnetPackageFolder } from './snapHost';
import type { WireAnswer } from './wire';
import { ProviderRpcError, WireErrorStruct } from './wire';

/** The snap id dapps ask MetaMask for by default (the published package). */
export const SNAPNET_SNAP_ID = 'npm:snapnet';

/** A wallet call: method and params, as `provider.request` takes them. */
export type WalletCall = { method: string; params?: unknown };

/** Options of {@link createSimulatedWallet}. */
export type SimulatedWalletOptions = {
  /** How dialogs are answered (default `'approve'`). */
  dialogs?: DialogPolicy;
  /** The node the snap uses on Sepolia, as if the user had set it on the home page. */
  nodeUrl?: string;
  /** Node URLs per chain id (`nodeUrl` is the Sepolia one). */
  nodeUrls?: Partial<Record<StarknetChainId, string>>;
  /** The snap id dapps request (default `npm:snapnet`). */
  snapId?: string;
  /** The dapp origin the snap sees when a call names none (default `localhost`). */
  origin?: string;
  /** Folder of the built snap (default: the installed `snapnet` package). */
  snapFolder?: string;
  /** The wallet's secret recovery phrase (default: the simulation's test phrase). */
  secretRecoveryPhrase?: string;
  /** An already running snap (e.g. snaps-jest's `installSnap()`): used as is, not stopped. */
  snap?: Snap;
};

/** The simulated wallet. */
export type SimulatedWallet = {
  /** The EIP-1193 provider to give the dapp (or `exposeToPage` a page). */
  provider: Eip1193Provider;
  /**
   * Same as `provider.request`, answering `{ result }` or `{ error }`, with the
   * calling page's origin when known (what `exposeToPage` uses).
   */
  answer(call: WalletCall, origin?: string): Promise<WireAnswer>;
  /** With `dialogs: 'manual'`: the dialog of the next forwarded call of a snap method. */
  nextDialog(method: string): Promise<ConfirmationDialog>;
  /** Snap methods forwarded so far, in order. */
  readonly forwarded: string[];
  /** The snap id this wallet serves. */
  readonly snapId: string;
  /**
   * MetaMask's own side (metamask.ts): `keyring` calls and the events the snap sent,
   * `assets` handlers (undefined for a snap given by `snap`), `runCronjob`. Made on
   * first use: from then on the wallet answers the snap's `snap_manageAccounts`.
   */
  readonly metamask: MetaMaskSide;
  /** Stops the snap (unless it was given) and refuses further calls. */
  close(): Promise<void>;
};

const NOT_AUTHORIZED =
  'The requested account and/or method has not been authorized by the user.';

/**
 * Reads a `{ snapId, request: { method, params } }` invoke envelope.
 *
 * @param params - `wallet_invokeSnap` params.
 * @returns The snap id, method and params, or undefined when malformed.
 */
function readInvoke(
  params: unknown,
):
  { snapId: string; method: string; params: Record<string, Json> } | undefined {
  if (!isObject(params) || typeof params.snapId !== 'string') {
    return undefined;
  }
  const { request } = params;
  if (!isObject(request) || typeof request.method !== 'string') {
    return undefined;
  }
  const snapParams = request.params;
  return {
    snapId: params.snapId,
    method: request.method,
    params:
      isObject(snapParams) &&
      !Array.isArray(snapParams) &&
      isValidJson(snapParams)
        ? snapParams
        : {},
  };
}

/**
 * The snap's state at install: the node URLs a user would have set on the home page.
 *
 * @param options - The wallet options.
 * @returns The state, or undefined when no URL is given.
 */
function initialState(
  options: SimulatedWalletOptions,
): Record<string, Json> | undefined {
  const nodeUrls: Record<string, string> = {
    ...(options.nodeUrl ? { [SN_SEPOLIA]: options.nodeUrl } : {}),
    ...options.nodeUrls,
  };
  return Object.keys(nodeUrls).length > 0 ? { nodeUrls } : undefined;
}

/** The MetaMask side of a wallet: who is connected, what was forwarded. */
type Router = {
  answer: SimulatedWallet['answer'];
  forwarded: string[];
  close(): void;
};

/**
 * Forwards one `wallet_invokeSnap` to the snap and hands its dialog to the desk.
 *
 * @param snap - The running snap.
 * @param call - The invoke, read from its envelope.
 * @param call.method - The snap method.
 * @param call.params - Its params.
 * @param origin - The calling dapp's origin.
 * @param desk - Who answers the dialog.
 * @returns The snap's result or error.
 * @throws What a dialog callback threw (its dialog was rejected).
 */
async function forward(
  snap: Snap,
  call: { method: string; params: Record<string, Json> },
  origin: string,
  desk: DialogDesk,
): Promise<WireAnswer> {
  const request = snap.request({
    method: call.method,
    params: call.params,
    origin,
  });
  const failures: unknown[] = [];
  desk.handle({ method: call.method, origin, request }, (error) =>
    failures.push(error),
  );
  const { response } = await request;
  if (failures.length > 0) {
    // The dialog callback failed: that, not the rejection it led to, is the cause.
    throw failures[0];
  }
  if ('result' in response) {
    return { result: response.result };
  }
  return is(response.error, WireErrorStruct)
    ? { error: response.error }
    : { error: { code: -32603, message: JSON.stringify(response) } };
}

/**
 * Answers wallet calls as MetaMask does for one installed snap.
 *
 * @param snap - The running snap.
 * @param identity - The snap's id and version, and the default origin.
 * @param identity.snapId - The id dapps request.
 * @param identity.version - The version `wallet_getSnaps` reports.
 * @param identity.origin - The origin of calls that name none.
 * @param desk - Who answers dialogs.
 * @returns The router.
 */
function createRouter(
  snap: Snap,
  identity: { snapId: string; version: string; origin: string },
  desk: DialogDesk,
): Router {
  const { snapId } = identity;
  const forwarded: string[] = [];
  const session = { connected: false, closed: false };
  const installed = {
    [snapId]: {
      id: snapId,
      version: identity.version,
      enabled: true,
      blocked: false,
    },
  };
  const answer = async (
    call: WalletCall,
    origin = identity.origin,
  ): Promise<WireAnswer> => {
    if (session.closed) {
      return {
        error: { code: 4900, message: 'The simulated wallet is closed' },
      };
    }
    if (call.method === 'wallet_requestSnaps') {
      if (!isObject(call.params) || !(snapId in call.params)) {
        return {
          error: { code: -32602, message: `Only ${snapId} is installed` },
        };
      }
      session.connected = true;
      return { result: installed };
    }
    if (call.method === 'wallet_getSnaps') {
      return { result: session.connected ? installed : {} };
    }
    if (call.method !== 'wallet_invokeSnap') {
      return {
        error: { code: -32601, message: `${call.method} not simulated` },
      };
    }
    const invoke = readInvoke(call.params);
    if (!invoke) {
      return { error: { code: -32602, message: 'Malformed invoke' } };
    }
    if (!session.connected || invoke.snapId !== snapId) {
      return { error: { code: 4100, message: NOT_AUTHORIZED } };
    }
    forwarded.push(invoke.method);
    return forward(snap, invoke, origin, desk);
  };
  return { answer, forwarded, close: () => (session.closed = true) };
}

/**
 * Starts a simulated MetaMask with the built snapnet snap installed. Dapp code given
 * `wallet.provider` connects (`wallet_requestSnaps`) and calls the snap
 * (`wallet_invokeSnap`) exactly as with MetaMask; invokes before the dapp connected are
 * refused with 4100, as MetaMask does.
 *
 * @param options - Dialog policy, node URL, snap id, origin, snap folder.
 * @returns The wallet; `close()` it when done.
 */
export async function createSimulatedWallet(
  options: SimulatedWalletOptions = {},
): Promise<SimulatedWallet> {
  const state = initialState(options);
  const folder = options.snapFolder ?? snapnetPackageFolder();
  const version = await manifestVersion(folder);
  const hosted: HostedSnap = options.snap
    ? { snap: options.snap, close: async (): Promise<void> => undefined }
    : await hostSnap({
        folder,
        ...(state ? { state } : {}),
        ...(options.secretRecoveryPhrase
          ? { secretRecoveryPhrase: options.secretRecoveryPhrase }
          : {}),
      });
  const snapId = options.snapId ?? SNAPNET_SNAP_ID;
  const desk = createDialogDesk(options.dialogs ?? 'approve');
  const router = createRouter(
    hosted.snap,
    {
      snapId,
      version,
      origin: options.origin ?? 'localhost',
    },
    desk,
  );
  let side: MetaMaskSide | undefined;
  return {
    forwarded: router.forwarded,
    snapId,
    get metamask(): MetaMaskSide {
      side ??= createMetaMaskSide(hosted.snap, hosted.installed);
      return side;
    },
    answer: router.answer,
    provider: {
      async request(call): Promise<unknown> {
        const reply = await router.answer(call);
        if ('error' in reply) {
          throw new ProviderRpcError(reply.error);
        }
        return reply.result;
      },
    },
    nextDialog: async (method) => desk.next(method, router.forwarded),
    async close(): Promise<void> {
      router.close();
      await hosted.close();
    },
  };
}
