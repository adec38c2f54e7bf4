import type { Infer } from '@metamask/superstruct';
import { array, record, string, type, validate } from '@metamask/superstruct';
import { CaipAccountIdStruct, isPlainObject } from '@metamask/utils';

import { MultichainError, MultichainErrorCode } from './errors';
import type { NormalizedScope } from './scopes';
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
 * Grants the intersection of what was requested and what is supported, scope by scope, as
 * MetaMask does: unsupported scopes are left out, and methods, notifications and accounts
 * may be fewer than requested. Accounts asked for are preselected when supported;
 * otherwise every supported account is granted, as if the user selected them all.
 *
 * @param requested - Requested scopes, bare namespaces already expanded to chain ids.
 * @param supported - Supported scopes.
 * @returns The granted scopes (empty when nothing requested is supported).
 */
export function grantScopes(
  requested: Record<string, NormalizedScope>,
  supported: Record<string, SupportedScope>,
): SessionScopes {
  const granted: SessionScopes = {};
  for (const [key, scope] of Object.entries(requested)) {
    const offer = supported[key];
    if (offer) {
      const preselected = offer.accounts.filter((account) =>
        scope.accounts?.includes(account),
      );
      granted[key] = {
        methods: offer.methods.filter((method) =>
          scope.methods.includes(method),
        ),
        notifications: offer.notifications.filter((notification) =>
          scope.notifications.includes(notification),
        ),
        accounts: preselected.length > 0 ? preselected : [...offer.accounts],
      };
    }
  }
  return granted;
}

/**
 * Builds the 5302 error, with the reason in `data`.
 *
 * @param why - What is wrong with the properties.
 * @returns The error.
 */
function invalidProperties(why: string): MultichainError {
  return new MultichainError(
    MultichainErrorCode.InvalidSessionProperties,
    undefined,
    { data: why },
  );
}

/**
 * Checks session properties the way a wallet judges them: a JSON object whose `expiry`,
 * when given, is a future ISO 8601 time and whose `globalConfig` is an object. Other
 * members are not limited (the spec says so) and are kept.
 *
 * @param value - The sessionProperties parameter.
 * @param now - The current time in ms.
 * @returns The properties (`{}` when absent).
 * @throws {MultichainError} 5302 when invalid.
 */
export function checkSessionProperties(
  value: unknown,
  now: number,
): SessionProperties {
  if (value === undefined) {
    return {};
  }
  const [failure, properties] = validate(value, SessionPropertiesStruct);
  if (!isPlainObject(value) || failure) {
    throw invalidProperties(
      failure?.message ?? 'sessionProperties must be a JSON object',
    );
  }
  if (properties.expiry !== undefined) {
    const time = Date.parse(properties.expiry);
    if (Number.isNaN(time)) {
      throw invalidProperties('expiry must be an ISO 8601 timestamp');
    }
    if (time <= now) {
      throw invalidProperties('expiry is in the past');
    }
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
