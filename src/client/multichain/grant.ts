import type { NormalizedScopesObject } from '@metamask/chain-agnostic-permission';
import {
  bucketScopes,
  mergeNormalizedScopes,
  normalizeAndMergeScopes,
} from '@metamask/chain-agnostic-permission';
import type { Infer } from '@metamask/superstruct';
import { array, record, string, type, validate } from '@metamask/superstruct';
import type { CaipChainId, Hex } from '@metamask/utils';
import {
  CaipAccountIdStruct,
  hasProperty,
  hexToNumber,
  isPlainObject,
} from '@metamask/utils';

import { MultichainError, MultichainErrorCode } from './errors';
import { validateScopes } from './scopes';
import type { SessionProperties, SessionScopes } from './types';
import { ScopeStringStruct, SessionPropertiesStruct } from './types';

/** What a wallet supports on one scope; a session never grants more than this. */
export const SupportedScopeStruct = type({
  methods: array(string()),
  notifications: array(string()),
  accounts: array(CaipAccountIdStruct),
});

/** What a wallet supports on one scope; see {@link SupportedScopeStruct}. */
export type SupportedScope = Infer<typeof SupportedScopeStruct>;

/** Every scope a wallet supports, by scope key. */
export const SupportedScopesStruct = record(
  ScopeStringStruct,
  SupportedScopeStruct,
);

/**
 * Reads wallet_createSession's scopes as MetaMask does with
 * `@metamask/chain-agnostic-permission`: each parameter checked (our structs, -32602
 * naming the bad member), normalized (bare namespaces with references expanded to one
 * chain id each, `accounts` always present) and merged, requiredScopes into
 * optionalScopes.
 *
 * @param params - The createSession params object.
 * @returns The requested scopes by chain id.
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
 * Grants the intersection of what was requested and what is supported. Which scopes
 * the wallet can serve at all is chain-agnostic-permission's `bucketScopes` (eip155
 * references must be decimal chain ids, other chains must be known); methods,
 * notifications and accounts are then narrowed to `supported` (MetaMask narrows them to
 * what its keyrings and snaps offer). Accounts asked for are preselected when supported;
 * otherwise every supported account is granted, as if the user selected them all.
 *
 * @param requested - Requested scopes, by chain id.
 * @param supported - Supported scopes.
 * @returns The granted scopes (empty when nothing requested is supported).
 */
export function grantScopes(
  requested: NormalizedScopesObject,
  supported: Record<string, SupportedScope>,
): SessionScopes {
  const isKnown = (scope: string): boolean => hasProperty(supported, scope);
  const { supportedScopes } = bucketScopes(
    Object.fromEntries(
      Object.entries(requested).map(([key, scope]) => [
        key,
        { ...scope, methods: [], notifications: [] },
      ]),
    ),
    {
      isEvmChainIdSupported: (chainId: Hex) =>
        isKnown(`eip155:${hexToNumber(chainId)}`),
      isEvmChainIdSupportable: () => false,
      isNonEvmScopeSupported: (scope: CaipChainId) => isKnown(scope),
      getNonEvmSupportedMethods: () => [],
    },
  );
  const granted: SessionScopes = {};
  for (const [key, scope] of Object.entries(requested)) {
    const offer = supported[key];
    if (offer && hasProperty(supportedScopes, key)) {
      const preselected = offer.accounts.filter((account) =>
        scope.accounts.includes(account),
      );
      granted[key] = {
        methods: offer.methods.filter((name) => scope.methods.includes(name)),
        notifications: offer.notifications.filter((name) =>
          scope.notifications.includes(name),
        ),
        accounts: preselected.length > 0 ? preselected : [...offer.accounts],
      };
    }
  }
  return granted;
}

/**
 * Checks session properties the way a wallet judges them: a JSON object whose `expiry`,
 * when given, is a future ISO 8601 time and whose `globalConfig` is an object. Other
 * members are not limited (the spec says so) and are kept.
 *
 * @param value - The sessionProperties parameter.
 * @param now - The current time in ms.
 * @returns The properties (`{}` when absent).
 * @throws {MultichainError} 5302 when invalid, the reason in `data`.
 */
export function checkSessionProperties(
  value: unknown,
  now: number,
): SessionProperties {
  if (value === undefined) {
    return {};
  }
  const [failure, properties] = validate(value, SessionPropertiesStruct);
  const time = Date.parse(properties?.expiry ?? '');
  const why =
    !isPlainObject(value) || failure
      ? (failure?.message ?? 'sessionProperties must be a JSON object')
      : properties?.expiry !== undefined &&
        (Number.isNaN(time)
          ? 'expiry must be an ISO 8601 timestamp'
          : time <= now && 'expiry is in the past');
  if (why || !properties) {
    throw new MultichainError(
      MultichainErrorCode.InvalidSessionProperties,
      undefined,
      { data: why || 'invalid sessionProperties' },
    );
  }
  return properties;
}

/**
 * Reads params that must be a JSON object (or absent, for the no-parameter methods).
 *
 * @param params - The request params.
 * @param method - The wallet method, for the error.
 * @returns The params object.
 * @throws {MultichainError} -32602 otherwise.
 */
export function objectParams(
  params: unknown,
  method: string,
): Record<string, unknown> {
  if (params === undefined) {
    return {};
  }
  if (!isPlainObject(params)) {
    throw new MultichainError(
      MultichainErrorCode.InvalidParams,
      `${method}: params must be an object`,
    );
  }
  return params;
}
