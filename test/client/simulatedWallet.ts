/**
 * A stand-in for MetaMask in tests: an EIP-1193 provider whose `wallet_invokeSnap` goes to
 * the snap running in the snaps simulation (installSnap's `request`), so the dapp client,
 * the built snap and the fake Starknet node run in one test. It answers
 * `wallet_requestSnaps` / `wallet_getSnaps` as MetaMask does, refuses invokes before the
 * dapp connected (4100), and hands each forwarded request's dialog to the test so it can
 * be approved or rejected from Node.
 */
import type { Snap, SnapInterface, SnapRequest } from '@metamask/snaps-jest';
import { is, number, optional, string, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isObject, isValidJson } from '@metamask/utils';

import { version } from '../../package.json';
import type { Eip1193Provider } from '../../src/client/snap';

/** The snap id the tests give the client (what `npm start` serves). */
export const TEST_SNAP_ID = 'local:http://localhost:8080';

/** A JSON-RPC error as a wallet rejects with it (code, message, data). */
export type WireError = { code: number; message: string; data?: Json };

/** A confirmation dialog (ok / cancel), as the snap's signing dialogs are. */
export type ConfirmationDialog = Extract<
  SnapInterface,
  { type: 'confirmation' }
>;

/** What the page bridge returns: the result or the error, never a thrown Error. */
export type WireAnswer = { result: unknown } | { error: WireError };

const WireErrorStruct = type({
  code: number(),
  message: string(),
  data: optional(type({})),
});

/** An Error carrying a JSON-RPC code and data, as MetaMask's provider rejects with. */
export class ProviderRpcError extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  constructor(error: WireError) {
    super(error.message);
    this.name = 'ProviderRpcError';
    this.code = error.code;
    this.data = error.data;
  }
}

export type SimulatedWallet = {
  /** The EIP-1193 provider to give the client. */
  provider: Eip1193Provider;
  /** Same as `provider.request`, answering `{ result }` or `{ error }` (for the page bridge). */
  answer(args: { method: string; params?: unknown }): Promise<WireAnswer>;
  /**
   * The dialog of the next forwarded request of a snap method (waits for the request,
   * then for its dialog), to approve or reject from the test.
   */
  nextDialog(method: string): Promise<ConfirmationDialog>;
  /** Snap methods forwarded so far, in order. */
  readonly forwarded: string[];
};

/**
 * Whether a value is a JSON object (what snap params are).
 *
 * @param value - Anything.
 * @returns Whether it is a non-array object of JSON values.
 */
function isJsonRecord(value: unknown): value is Record<string, Json> {
  return isObject(value) && !Array.isArray(value) && isValidJson(value);
}

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
  return {
    snapId: params.snapId,
    method: request.method,
    params: isJsonRecord(request.params) ? request.params : {},
  };
}

/**
 * Creates the simulated wallet around an installed snap.
 *
 * @param snap - What installSnap returned.
 * @param options - Options.
 * @param options.origin - The dapp origin the snap sees (dialogs show it).
 * @returns The wallet.
 */
export function createSimulatedWallet(
  snap: Snap,
  options: { origin?: string } = {},
): SimulatedWallet {
  const origin = options.origin ?? 'metamask.io';
  let connected = false;
  const forwarded: string[] = [];
  // Requests travel wrapped: a SnapRequest is itself a promise, which `resolve` would
  // adopt (waiting for the answer) instead of handing it over.
  type Entry = { method: string; request: SnapRequest };
  const unclaimed: Entry[] = [];
  const waiting: { method: string; resolve: (entry: Entry) => void }[] = [];

  const installed = (): Record<string, Json> => ({
    [TEST_SNAP_ID]: {
      id: TEST_SNAP_ID,
      version,
      enabled: true,
      blocked: false,
    },
  });

  /**
   * Hands a forwarded request to the test waiting for it, or keeps it.
   *
   * @param entry - The snap method and the pending request.
   */
  function publish(entry: Entry): void {
    const index = waiting.findIndex((waiter) => waiter.method === entry.method);
    const [waiter] = index >= 0 ? waiting.splice(index, 1) : [];
    if (waiter) {
      waiter.resolve(entry);
    } else {
      unclaimed.push(entry);
    }
  }

  /**
   * Forwards `wallet_invokeSnap` to the simulated snap.
   *
   * @param params - The invoke envelope.
   * @returns The snap's result or error.
   */
  async function invoke(params: unknown): Promise<WireAnswer> {
    const call = readInvoke(params);
    if (!call) {
      return { error: { code: -32602, message: 'Malformed invoke' } };
    }
    if (!connected || call.snapId !== TEST_SNAP_ID) {
      return {
        error: {
          code: 4100,
          message:
            'The requested account and/or method has not been authorized by the user.',
        },
      };
    }
    forwarded.push(call.method);
    const request = snap.request({
      method: call.method,
      params: call.params,
      origin,
    });
    publish({ method: call.method, request });
    const { response } = await request;
    if ('result' in response) {
      return { result: response.result };
    }
    return is(response.error, WireErrorStruct)
      ? { error: response.error }
      : { error: { code: -32603, message: JSON.stringify(response) } };
  }

  /**
   * Answers one provider call as MetaMask would.
   *
   * @param args - Method and params.
   * @param args.method - The wallet method.
   * @param args.params - Its params.
   * @returns The result or the error.
   */
  async function answer(args: {
    method: string;
    params?: unknown;
  }): Promise<WireAnswer> {
    switch (args.method) {
      case 'wallet_requestSnaps':
        if (!isObject(args.params) || !(TEST_SNAP_ID in args.params)) {
          return { error: { code: -32602, message: 'Unknown snap requested' } };
        }
        connected = true;
        return { result: installed() };
      case 'wallet_getSnaps':
        return { result: connected ? installed() : {} };
      case 'wallet_invokeSnap':
        return invoke(args.params);
      default:
        return {
          error: { code: -32601, message: `${args.method} not simulated` },
        };
    }
  }

  return {
    forwarded,
    answer,
    provider: {
      async request(args) {
        const reply = await answer(args);
        if ('error' in reply) {
          throw new ProviderRpcError(reply.error);
        }
        return reply.result;
      },
    },
    async nextDialog(method) {
      const index = unclaimed.findIndex((entry) => entry.method === method);
      const [claimed] = index >= 0 ? unclaimed.splice(index, 1) : [];
      const entry =
        claimed ??
        (await new Promise<Entry>((resolve, reject) => {
          const timer = setTimeout(() => {
            reject(
              new Error(
                `no ${method} request within 10 s (forwarded: ${forwarded.join(', ')})`,
              ),
            );
          }, 10_000);
          waiting.push({
            method,
            resolve: (found) => {
              clearTimeout(timer);
              resolve(found);
            },
          });
        }));
      const ui = await entry.request.getInterface({ timeout: 5000 });
      if (ui.type !== 'confirmation') {
        throw new Error(`${method} showed a ${String(ui.type)} dialog`);
      }
      return ui;
    },
  };
}
