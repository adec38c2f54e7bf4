import type { NormalizedScopesObject } from '@metamask/chain-agnostic-permission';
import {
  bucketScopes,
  isKnownSessionPropertyValue,
} from '@metamask/chain-agnostic-permission';
import type { Infer, Struct } from '@metamask/superstruct';
import {
  array,
  define,
  optional,
  record,
  string,
  type,
  union,
} from '@metamask/superstruct';
import type { CaipAccountId, Json } from '@metamask/utils';
import {
  getErrorMessage,
  hasProperty,
  hexToNumber,
  isObject,
  isPlainObject,
} from '@metamask/utils';

import { MultichainError, MultichainErrorCode, wireJson } from './errors';
import type { Check } from './guards';
import {
  checkProperties,
  checkScope,
  checkScopes,
  checkSession,
} from './guards';
import type {
  CreateSessionResult,
  GetSessionResult,
  InvokeMethodResult,
  ScopeObject,
  SessionProperties,
  SessionScopes,
} from './types';

// Structs of what a wallet receives and answers, for wallet code and the in-memory wallet.
// Not in a dapp's client bundle: the client checks with guards.ts, and so do the result
// structs here.

/** JSON off the wire: parsed already, so not walked again. */
export const WireJsonStruct = define<Json>('Json', () => true);

// A struct whose check is one of guards.ts', its message naming the bad member.
const checked = <Type>(name: string, check: Check<Type>): Struct<Type, null> =>
  define<Type>(name, (value) => {
    try {
      check(value, name);
      return true;
    } catch (error) {
      return getErrorMessage(error);
    }
  });

/** A granted scope (CAIP-217); other members allowed, so new wallet members don't break dapps. */
export const ScopeObjectStruct = checked<ScopeObject>('scope', checkScope);

/** Granted scopes by scope key. */
export const SessionScopesStruct = checked<SessionScopes>(
  'sessionScopes',
  checkScopes,
);

/** Session properties: `expiry` (ISO 8601) and `globalConfig` typed, any other JSON kept. */
export const SessionPropertiesStruct = checked<SessionProperties>(
  'sessionProperties',
  checkProperties,
);

/** The wallet_createSession result. */
export const CreateSessionResultStruct = checked<
  GetSessionResult & Partial<CreateSessionResult>
>('result', checkSession);

/** The wallet_getSession result (CAIP-312); empty `sessionScopes` means no session. */
export const GetSessionResultStruct = checked<GetSessionResult>(
  'result',
  checkSession,
);

/** The CAIP-27 envelope of a wallet_invokeMethod result. */
export const InvokeMethodResultStruct = define<InvokeMethodResult>(
  'InvokeMethodResult',
  (value) =>
    isObject(value) &&
    typeof value.scope === 'string' &&
    isObject(value.result) &&
    typeof value.result.method === 'string',
);

/** A scope as a dapp asks for it (lists may be left out). */
export const ScopeRequestStruct = type({
  references: optional(array(string())),
  methods: optional(array(string())),
  notifications: optional(array(string())),
  accounts: optional(array(string())),
});

export type ScopeRequest = Infer<typeof ScopeRequestStruct>;

/** wallet_createSession params (CAIP-25). */
export const CreateSessionParamsStruct = type({
  optionalScopes: optional(record(string(), ScopeRequestStruct)),
  requiredScopes: optional(record(string(), ScopeRequestStruct)),
  sessionProperties: optional(SessionPropertiesStruct),
});

export type CreateSessionParams = Infer<typeof CreateSessionParamsStruct>;

/** wallet_invokeMethod params (CAIP-27); params an object or (EVM) an array. */
export const InvokeMethodParamsStruct = type({
  scope: string(),
  request: type({
    method: string(),
    params: union([array(WireJsonStruct), record(string(), WireJsonStruct)]),
  }),
});

export type InvokeMethodParams = Infer<typeof InvokeMethodParamsStruct>;

/** What a wallet supports on one scope; a session never grants more. */
export type SupportedScope = {
  methods: string[];
  notifications: string[];
  accounts: CaipAccountId[];
};

/**
 * @param params - Request params that must be a JSON object (or absent).
 * @param method - The wallet method, for the error.
 * @returns The params object.
 * @throws {MultichainError} -32602 otherwise.
 */
export function objectParams(
  params: unknown,
  method: string,
): Record<string, unknown> {
  if (params === undefined || isPlainObject(params)) {
    return params ?? {};
  }
  throw new MultichainError(
    MultichainErrorCode.InvalidParams,
    `${method}: params must be an object`,
  );
}

/**
 * Reads the requested session properties as MetaMask's wallet_createSession does
 * (`@metamask/multichain-api-middleware`): present but without a member (`{}`, `[]`) is
 * refused; otherwise only the properties MetaMask knows are kept
 * (chain-agnostic-permission's `isKnownSessionPropertyValue`), the rest dropped silently,
 * so a dapp test sees what MetaMask would grant.
 *
 * @param value - The sessionProperties parameter.
 * @returns The known properties (`{}` when absent).
 * @throws {MultichainError} 5302 "Invalid sessionProperties requested".
 */
export function sessionPropertiesOf(value: unknown): SessionProperties {
  // MetaMask's own test, `value && Object.keys(value).length === 0`: refuses `{}`, `[]`,
  // `5`, `true`; a string has index keys, none of them a known property.
  const members = isObject(value) ? Object.entries(value) : [];
  const keys = typeof value === 'string' ? value : members;
  if (value && keys.length === 0) {
    throw new MultichainError(MultichainErrorCode.InvalidSessionProperties);
  }
  return Object.fromEntries(
    members
      .filter(([key]) => isKnownSessionPropertyValue(key))
      .map(([key, member]) => [key, wireJson(member)]),
  );
}

/**
 * Grants requested ∩ supported. Which scopes can be served at all is
 * chain-agnostic-permission's `bucketScopes` (as in MetaMask); methods, notifications and
 * accounts are narrowed to `supported`. Requested accounts are preselected when
 * supported, else every supported account is granted (the user picked them all).
 *
 * @param requested - Requested scopes, normalized.
 * @param supported - Supported scopes.
 * @returns The granted scopes.
 */
export function grantScopes(
  requested: NormalizedScopesObject,
  supported: Record<string, SupportedScope>,
): SessionScopes {
  const isKnown = (scope: string): boolean => hasProperty(supported, scope);
  // Scopes only: methods and notifications are narrowed below, against `supported`.
  const scopesOnly = Object.fromEntries(
    Object.entries(requested).map(([key, scope]) => [
      key,
      { ...scope, methods: [], notifications: [] },
    ]),
  );
  const { supportedScopes } = bucketScopes(scopesOnly, {
    isEvmChainIdSupported: (chainId) =>
      isKnown(`eip155:${hexToNumber(chainId)}`),
    isEvmChainIdSupportable: () => false,
    isNonEvmScopeSupported: isKnown,
    getNonEvmSupportedMethods: () => [],
  });
  const granted: SessionScopes = {};
  for (const [key, scope] of Object.entries(requested)) {
    const offer = supported[key];
    if (offer && hasProperty(supportedScopes, key)) {
      const asked = offer.accounts.filter((id) => scope.accounts.includes(id));
      granted[key] = {
        methods: offer.methods.filter((name) => scope.methods.includes(name)),
        notifications: offer.notifications.filter((name) =>
          scope.notifications.includes(name),
        ),
        accounts: asked.length > 0 ? asked : [...offer.accounts],
      };
    }
  }
  return granted;
}
