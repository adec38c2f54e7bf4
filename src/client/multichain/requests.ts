import type { NormalizedScopesObject } from '@metamask/chain-agnostic-permission';
import {
  bucketScopes,
  mergeNormalizedScopes,
  normalizeAndMergeScopes,
} from '@metamask/chain-agnostic-permission';
import type { Infer } from '@metamask/superstruct';
import {
  array,
  optional,
  record,
  string,
  type,
  union,
  validate,
} from '@metamask/superstruct';
import {
  CaipAccountIdStruct,
  hasProperty,
  hexToNumber,
  isPlainObject,
} from '@metamask/utils';

import { MultichainError, MultichainErrorCode } from './errors';
import { validateScopes } from './scopes';
import type { SessionProperties, SessionScopes } from './types';
import { SessionPropertiesStruct, WireJsonStruct } from './types';

// What a wallet receives, and how the in-memory wallet reads it the way MetaMask does.
// Not in the client's bundle: the client checks requests with scopes.ts.

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
export const SupportedScopeStruct = type({
  methods: array(string()),
  notifications: array(string()),
  accounts: array(CaipAccountIdStruct),
});

export type SupportedScope = Infer<typeof SupportedScopeStruct>;

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
 * Reads wallet_createSession's scopes as MetaMask does: checked (-32602 naming the
 * member), normalized and merged by `@metamask/chain-agnostic-permission`.
 *
 * @param params - The params object.
 * @returns The requested scopes by chain id, requiredScopes merged into optionalScopes.
 */
export function requestedScopes(
  params: Record<string, unknown>,
): NormalizedScopesObject {
  return mergeNormalizedScopes(
    normalizeAndMergeScopes(
      validateScopes(params.optionalScopes, 'optionalScopes'),
    ),
    normalizeAndMergeScopes(
      validateScopes(params.requiredScopes, 'requiredScopes'),
    ),
  );
}

/**
 * Checks session properties as a wallet judges them: a JSON object, `expiry` a future
 * ISO 8601 time, `globalConfig` an object; other members kept.
 *
 * @param value - The sessionProperties parameter.
 * @param now - The time in ms.
 * @returns The properties (`{}` when absent).
 * @throws {MultichainError} 5302 with the reason in `data`.
 */
export function checkSessionProperties(
  value: unknown,
  now: number,
): SessionProperties {
  const [failure, properties = {}] = validate(
    value ?? {},
    SessionPropertiesStruct,
  );
  const time = Date.parse(properties.expiry ?? '');
  const why =
    !isPlainObject(value ?? {}) || failure
      ? (failure?.message ?? 'sessionProperties must be a JSON object')
      : properties.expiry !== undefined &&
        (Number.isNaN(time)
          ? 'expiry must be an ISO 8601 timestamp'
          : time <= now && 'expiry is in the past');
  if (why) {
    throw new MultichainError(
      MultichainErrorCode.InvalidSessionProperties,
      undefined,
      { data: why },
    );
  }
  return properties;
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
