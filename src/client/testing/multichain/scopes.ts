import type { CaipAccountId } from '@metamask/utils';
import {
  CAIP_REFERENCE_REGEX,
  hasProperty,
  isCaipChainId,
  isObject,
} from '@metamask/utils';

import { accountProblem, checkList, checkScopes, invalid } from './guards';
import type { ScopeRequest, SessionScopes } from './types';

/** A requested scope as sent: checked (accounts CAIP-10), both lists present. */
type RequestedScope = CheckedScope & {
  methods: string[];
  notifications: string[];
};

/** A requested scope whose members passed the checks. */
type CheckedScope = Omit<ScopeRequest, 'accounts'> & {
  accounts?: CaipAccountId[] | undefined;
};

type RequestedScopes = Record<string, RequestedScope>;

// Checks one requested scope: known members only, lists of strings, references only on a
// bare namespace, accounts inside the scope (its chain, or its namespace and references).
function checkRequestedScope(
  key: string,
  value: unknown,
  at: string,
): asserts value is CheckedScope {
  if (!isObject(value)) {
    invalid(at, 'expected a scope object');
  }
  const { references } = value;
  const chain = isCaipChainId(key);
  if (chain && references !== undefined) {
    invalid(
      `${at}.references`,
      'references are only allowed on a bare-namespace key',
    );
  }
  const inScope = (account: string): boolean => {
    const [namespace, reference = ''] = account.split(':');
    return chain
      ? account.startsWith(`${key}:`)
      : namespace === key &&
          (!Array.isArray(references) || references.includes(reference));
  };
  const itemChecks: Record<string, (item: string) => string | true> = {
    references: (ref) =>
      CAIP_REFERENCE_REGEX.test(ref) || `"${ref}" is not a CAIP-2 reference`,
    methods: () => true,
    notifications: () => true,
    accounts: (account) =>
      accountProblem(account) === true
        ? inScope(account) || `account "${account}" is not in scope "${key}"`
        : accountProblem(account),
  };
  for (const [member, list] of Object.entries(value)) {
    if (!hasProperty(itemChecks, member)) {
      invalid(
        `${at}.${member}`,
        'unsupported member (only references, methods, notifications, accounts)',
      );
    }
    if (list !== undefined) {
      checkList(list, `${at}.${member}`, itemChecks[member]);
    }
  }
}

/**
 * Checks the scopes of one createSession parameter and fills in the lists the wallet
 * expects, so a dapp author sees which member is wrong without the wallet's logs.
 *
 * @param scopes - `optionalScopes` or `requiredScopes` as given (or off the wire).
 * @param name - The parameter, the start of error paths.
 * @returns The scopes with `methods` and `notifications` present (`{}` when none).
 * @throws {MultichainError} -32602 naming the member, e.g.
 * `optionalScopes["eip155:1"].accounts[0]`.
 */
export function validateScopes(scopes: unknown, name: string): RequestedScopes {
  const valid: RequestedScopes = {};
  if (scopes === undefined) {
    return valid;
  }
  checkScopes(scopes, name, (key, scope, at) => {
    checkRequestedScope(key, scope, at);
    valid[key] = {
      ...scope,
      methods: scope.methods ?? [],
      notifications: scope.notifications ?? [],
    };
  });
  return valid;
}

/**
 * Whether scopes grant a method (`methods`) or notification (`notifications`) on a scope;
 * own keys only, so a scope named `constructor` is not granted.
 *
 * @param scopes - The granted scopes.
 * @param scope - The scope asked about.
 * @param list - Which list to look in.
 * @param name - The method or notification.
 * @returns True when granted.
 */
export function isGranted(
  scopes: SessionScopes,
  scope: string,
  list: 'methods' | 'notifications',
  name: string,
): boolean {
  return (
    hasProperty(scopes, scope) && scopes[scope]?.[list].includes(name) === true
  );
}
