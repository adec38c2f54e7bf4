/**
 * MetaMask's Multichain API routing for non-EVM scopes, applied to the simulated snap,
 * which snaps-jest does not route (no MultichainRoutingService, no Snap keyring). The
 * rules, read from MetaMask's sources (the snap must route as MetaMask does):
 *
 * - a scope is supported if a keyring account of the snap lists it, or the snap's
 *   `endowment:protocol` does;
 * - a scope's methods are the union of its accounts' `methods` and the protocol
 *   permission's; its accounts are `<scope>:<account.address>`;
 * - `wallet_invokeMethod` outside the session's methods is 4100 before any snap sees it;
 * - accounts first: a method of a connected account goes through
 *   `keyring_resolveAccountAddress` (an answered CAIP-10 id picks that connected
 *   account, compared case-sensitively; null picks the first connected one), then
 *   `keyring_submitRequest` with a KeyringRequest (origin: the dapp); `pending: true`
 *   is an error (`noPending`);
 * - otherwise the protocol handler gets `{ origin, scope, request }`; otherwise -32601.
 *
 * Not covered: the connect screen (every supported account is granted), MetaMask's
 * origin gating of onKeyringRequest, the account-creation dialogs.
 */
import type { Json } from '@metamask/utils';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { KeyringAccount } from '../../src/api/keyring';
import { errorOf, resultOf } from './helpers';
import type { Snap } from './keyringHelpers';
import { keyring } from './keyringHelpers';

/** An error the dapp receives from `wallet_invokeMethod`/`wallet_createSession`. */
export class RoutedError extends Error {
  readonly code: number;

  readonly data: unknown;

  constructor(error: { code: number; message: string; data?: unknown }) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
  }
}

type ScopeRequest = { methods?: string[]; notifications?: string[] };

/** A granted scope, as `wallet_createSession` answers it. */
export type GrantedScope = {
  methods: string[];
  notifications: string[];
  accounts: string[];
};

/** Approves or refuses a dialog the snap shows while a request is routed. */
export type DialogHandler = (
  ui: Awaited<ReturnType<ReturnType<Snap['request']>['getInterface']>>,
) => Promise<void>;

/**
 * The protocol permission of the built manifest, by scope.
 *
 * @returns scope → methods.
 */
function protocolScopes(): Record<string, string[]> {
  const manifest = JSON.parse(
    readFileSync(
      resolve(
        __dirname,
        '../..',
        process.env.SNAPNET_E2E_DIR ?? '.e2e',
        'snap.manifest.json',
      ),
      'utf8',
    ),
  );
  const scopes: Record<string, { methods: string[] }> =
    manifest.initialPermissions['endowment:protocol']?.scopes ?? {};
  return Object.fromEntries(
    Object.entries(scopes).map(([scope, { methods }]) => [scope, methods]),
  );
}

/**
 * A router between one dapp and the simulated snap.
 *
 * @param snap - The installed snap.
 * @param origin - The dapp's origin.
 * @returns `createSession` and `invokeMethod`, as the dapp calls them.
 */
export function createRouter(snap: Snap, origin: string) {
  const protocol = protocolScopes();
  let session: Record<string, GrantedScope> = {};

  const accounts = async (): Promise<KeyringAccount[]> =>
    resultOf(await keyring(snap, 'keyring_listAccounts')) as KeyringAccount[];

  const supported = async (scope: string) => {
    const withScope = (await accounts()).filter((account) =>
      account.scopes.includes(scope),
    );
    const methods = new Set([
      ...withScope.flatMap((account) => account.methods),
      ...(protocol[scope] ?? []),
    ]);
    return {
      supported: withScope.length > 0 || scope in protocol,
      methods,
      accounts: withScope.map((account) => `${scope}:${account.address}`),
    };
  };

  /**
   * Sends a request to the keyring, playing the snap's dialog if one comes.
   *
   * @param method - The keyring method.
   * @param params - Its params.
   * @param onDialog - Approves or refuses the snap's dialog.
   * @returns The result.
   */
  const callKeyring = async (
    method: string,
    params: Record<string, unknown>,
    onDialog?: DialogHandler,
  ): Promise<Json> => {
    const pending = keyring(snap, method, params);
    if (onDialog) {
      await onDialog(await pending.getInterface());
    }
    const response = await pending;
    if ('error' in response.response) {
      throw new RoutedError(errorOf(response));
    }
    return response.response.result;
  };

  const viaAccount = async (
    scope: string,
    request: { method: string; params?: Json },
    onDialog?: DialogHandler,
  ): Promise<Json | undefined> => {
    const connected = session[scope]?.accounts ?? [];
    const candidates = (await accounts()).filter(
      (account) =>
        account.methods.includes(request.method as never) &&
        connected.includes(`${scope}:${account.address}`),
    );
    if (candidates.length === 0) {
      return undefined;
    }
    const resolved = (await callKeyring('keyring_resolveAccountAddress', {
      scope,
      request: { jsonrpc: '2.0', id: 1, ...request },
    })) as { address: string } | null;
    const picked = resolved
      ? candidates.find(
          (account) => `${scope}:${account.address}` === resolved.address,
        )
      : candidates[0];
    if (!picked) {
      throw new RoutedError({ code: -32603, message: 'No account found' });
    }
    const answer = (await callKeyring(
      'keyring_submitRequest',
      {
        id: randomUUID(),
        scope,
        account: picked.id,
        origin,
        request,
      },
      onDialog,
    )) as { pending: boolean; result?: Json };
    if (answer.pending) {
      throw new RoutedError({ code: -32603, message: 'pending not allowed' });
    }
    return answer.result ?? null;
  };

  return {
    /**
     * `wallet_createSession`: grants the supported part of the requested scopes.
     *
     * @param optionalScopes - What the dapp asks for.
     * @returns The session's scopes.
     */
    async createSession(
      optionalScopes: Record<string, ScopeRequest>,
    ): Promise<Record<string, GrantedScope>> {
      session = {};
      for (const [scope, asked] of Object.entries(optionalScopes)) {
        const offer = await supported(scope);
        if (offer.supported) {
          session[scope] = {
            methods: (asked.methods ?? []).filter((method) =>
              offer.methods.has(method),
            ),
            notifications: [],
            accounts: offer.accounts,
          };
        }
      }
      if (Object.keys(session).length === 0) {
        throw new RoutedError({
          code: 5100,
          message: 'Requested scopes are not supported',
        });
      }
      return session;
    },

    /**
     * `wallet_invokeMethod`.
     *
     * @param params - The scope and the request.
     * @param params.scope - A granted scope.
     * @param params.request - The dapp's request.
     * @param params.request.method - Its method.
     * @param params.request.params - Its params.
     * @param onDialog - Approves or refuses the snap's dialog, if one comes.
     * @returns The method's result.
     */
    async invokeMethod(
      params: { scope: string; request: { method: string; params?: Json } },
      onDialog?: DialogHandler,
    ): Promise<Json> {
      const { scope, request } = params;
      if (!session[scope]?.methods.includes(request.method)) {
        throw new RoutedError({ code: 4100, message: 'Unauthorized' });
      }
      const viaKeyring = await viaAccount(scope, request, onDialog);
      if (viaKeyring !== undefined) {
        return viaKeyring;
      }
      if (protocol[scope]?.includes(request.method)) {
        const response = await snap.onProtocolRequest(
          scope as `${string}:${string}`,
          {
            origin,
            method: request.method,
            ...(request.params === undefined
              ? {}
              : { params: request.params as never }),
          },
        );
        if ('error' in response.response) {
          throw new RoutedError(errorOf(response));
        }
        return response.response.result;
      }
      throw new RoutedError({ code: -32601, message: 'Method not found' });
    },
  };
}
