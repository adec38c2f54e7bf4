/**
 * A wallet assembled from MetaMask's own multichain handlers
 * (`@metamask/multichain-api-middleware`) in a `JsonRpcEngine`, with the hooks the
 * extension gives them played by in-memory stand-ins: the permission store holds the
 * CAIP-25 caveat the handlers compute, approval grants what was asked, EVM requests the
 * handler forwards go to the fixture handlers (the "chains"), non-EVM requests too.
 *
 * Not available offline: the PermissionController's approval UI (approval here grants
 * the computed caveat as is), real network clients behind `findNetworkClientIdByChainId`,
 * and the notification side (MultichainSubscriptionManager needs a provider and block
 * tracker; `wallet_sessionChanged` is sent by the extension, not by this package).
 */
import type { Caip25CaveatValue } from '@metamask/chain-agnostic-permission';
import {
  Caip25CaveatType,
  Caip25EndowmentPermissionName,
  getCaip25CaveatFromPermission,
} from '@metamask/chain-agnostic-permission';
import type {
  JsonRpcEngineEndCallback,
  JsonRpcEngineNextCallback,
} from '@metamask/json-rpc-engine';
import { JsonRpcEngine } from '@metamask/json-rpc-engine';
import type {
  RequestedPermissions,
  ValidPermission,
} from '@metamask/permission-controller';
import { is } from '@metamask/superstruct';
import type {
  CaipAccountId,
  CaipChainId,
  Hex,
  Json,
  JsonRpcParams,
  JsonRpcRequest,
  PendingJsonRpcResponse,
} from '@metamask/utils';
import { numberToHex, parseCaipAccountId } from '@metamask/utils';
import { JsonRpcParamsStruct } from '@metamask/utils';

// The handlers by file: the package index also loads its method-call validator, whose
// OpenRPC dependency ships ESM only, which the unit project's Jest does not transform.
import { walletCreateSession } from '../../node_modules/@metamask/multichain-api-middleware/dist/handlers/wallet-createSession.cjs';
import { walletGetSession } from '../../node_modules/@metamask/multichain-api-middleware/dist/handlers/wallet-getSession.cjs';
import { walletInvokeMethod } from '../../node_modules/@metamask/multichain-api-middleware/dist/handlers/wallet-invokeMethod.cjs';
import { walletRevokeSession } from '../../node_modules/@metamask/multichain-api-middleware/dist/handlers/wallet-revokeSession.cjs';
import type { SessionEngine } from '../../src/client/testing/multichain/engine';
import { HANDLERS, SUPPORTED } from './fixtures';

/**
 * Whether params are JSON-RPC params.
 *
 * @param params - The params.
 * @returns True for an array or object of JSON.
 */
function isJsonRpcParams(params: unknown): params is JsonRpcParams {
  return is(params, JsonRpcParamsStruct);
}

/** The CAIP-25 caveat, as the PermissionController stores it. */
type Caveat = { type: typeof Caip25CaveatType; value: Caip25CaveatValue };

/** The dapp's origin. */
const ORIGIN = 'https://dapp.example';

/**
 * Answers a forwarded method with the fixture handlers, or -32601.
 *
 * @param method - The method.
 * @param params - Its params.
 * @param scope - The scope it was invoked on.
 * @returns The result.
 */
async function answer(
  method: string,
  params: unknown,
  scope: CaipChainId,
): Promise<Json> {
  const handler = HANDLERS[method];
  if (!handler) {
    throw Object.assign(new Error(`no handler for ${method}`), {
      code: -32601,
    });
  }
  return handler(isJsonRpcParams(params) ? params : [], scope);
}

/**
 * The MetaMask-handler wallet, shaped as the in-memory transport's engine.
 *
 * @returns The engine and the stored caveat (to inspect what MetaMask would persist).
 */
export function createMetaMaskWallet(): {
  engine: Pick<SessionEngine, 'handleRequest' | 'subscribe'>;
  caveat: () => Caveat | undefined;
} {
  let caveat: Caveat | undefined;
  const evmChains = Object.keys(SUPPORTED)
    .filter((scope) => scope.startsWith('eip155:'))
    .map((scope) => numberToHex(Number(scope.split(':')[1])));
  const nonEvm = (
    scope: CaipChainId,
  ): (typeof SUPPORTED)[string] | undefined =>
    scope.startsWith('eip155:') ? undefined : SUPPORTED[scope];
  const hooks = {
    listAccounts: () =>
      (SUPPORTED['eip155:1']?.accounts ?? []).map((account) => ({
        address: parseCaipAccountId(account).address,
      })),
    findNetworkClientIdByChainId: (chainId: Hex) => {
      if (!evmChains.includes(chainId)) {
        throw new Error(`no network client for ${chainId}`);
      }
      return `client-${chainId}`;
    },
    getSelectedNetworkClientId: () => `client-${evmChains[0] ?? '0x1'}`,
    getNonEvmSupportedMethods: (scope: CaipChainId) =>
      nonEvm(scope)?.methods ?? [],
    isNonEvmScopeSupported: (scope: CaipChainId) => Boolean(nonEvm(scope)),
    getNonEvmAccountAddresses: (scope: CaipChainId): CaipAccountId[] =>
      nonEvm(scope)?.accounts ?? [],
    // The user approves what the handler computed (no approval UI offline).
    requestPermissionsForOrigin: async (requested: RequestedPermissions) => {
      caveat = getCaip25CaveatFromPermission({
        caveats: requested[Caip25EndowmentPermissionName]?.caveats ?? [],
      });
      const permission: ValidPermission<string, Caveat> = {
        id: 'caip25',
        parentCapability: Caip25EndowmentPermissionName,
        invoker: ORIGIN,
        date: 0,
        caveats: caveat ? [caveat] : null,
      };
      return [{ [Caip25EndowmentPermissionName]: permission }] as [
        Record<string, ValidPermission<string, Caveat>>,
      ];
    },
    // The PermissionController throws for a permission the origin does not have.
    getCaveatForOrigin: (name: string, type: string): Caveat => {
      if (
        !caveat ||
        name !== Caip25EndowmentPermissionName ||
        type !== Caip25CaveatType
      ) {
        throw new Error(`${ORIGIN} has no ${name} permission`);
      }
      return caveat;
    },
    updateCaveat: (_name: string, _type: string, value: Caip25CaveatValue) => {
      caveat = { type: Caip25CaveatType, value };
    },
    revokePermissionForOrigin: () => {
      caveat = undefined;
    },
    handleNonEvmRequestForOrigin: async ({
      scope,
      request,
    }: {
      scope: CaipChainId;
      request: { method: string; params?: unknown };
    }) => answer(request.method, request.params, scope),
  };
  type Request = JsonRpcRequest & { origin?: string };
  type Response = PendingJsonRpcResponse<Json>;
  type Run = (
    request: Request,
    response: Response,
    next: JsonRpcEngineNextCallback,
    end: JsonRpcEngineEndCallback,
  ) => Promise<void>;
  /**
   * Runs one MetaMask handler with the hooks above (each takes the ones it names).
   *
   * @param handler - The handler's implementation.
   * @returns The middleware step.
   */
  const run =
    <HandlerRequest, HandlerResponse>(
      handler: (
        request: HandlerRequest,
        response: HandlerResponse,
        next: JsonRpcEngineNextCallback,
        end: JsonRpcEngineEndCallback,
        given: typeof hooks,
      ) => Promise<void>,
    ): Run =>
    async (request, response, next, end) =>
      handler(
        request as HandlerRequest,
        response as HandlerResponse,
        next,
        end,
        hooks,
      );
  const handlers: Record<string, Run> = {
    wallet_createSession: run(walletCreateSession.implementation),
    wallet_getSession: run(walletGetSession.implementation),
    wallet_invokeMethod: run(walletInvokeMethod.implementation),
    wallet_revokeSession: run(walletRevokeSession.implementation),
  };
  const rpc = new JsonRpcEngine();
  rpc.push((request: Request, response, next, end) => {
    const step = handlers[request.method];
    if (!step) {
      next();
      return;
    }
    request.origin = ORIGIN;
    step(request, response, next, end).catch(end);
  });
  // What walletInvokeMethod forwards (EVM requests, unwrapped, with a network client).
  rpc.push((request, response, _next, end) => {
    const { scope } = request as typeof request & { scope: CaipChainId };
    answer(request.method, request.params, scope)
      .then((result) => {
        response.result = result;
        return end();
      })
      .catch(end);
  });
  let id = 0;
  return {
    caveat: () => caveat,
    engine: {
      subscribe: () => () => undefined,
      handleRequest: async ({ method, params }) => {
        id += 1;
        const response = await rpc.handle({
          id,
          jsonrpc: '2.0',
          method,
          ...(isJsonRpcParams(params) ? { params } : {}),
        });
        if ('error' in response) {
          const { code, message, data } = response.error;
          return {
            error: { code, message, ...(data === undefined ? {} : { data }) },
          };
        }
        return { result: response.result };
      },
    },
  };
}
