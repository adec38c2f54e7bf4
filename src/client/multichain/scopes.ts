import {
  hasProperty,
  isCaipAccountId,
  isCaipChainId,
  isCaipNamespace,
  isCaipReference,
  isPlainObject,
  parseCaipAccountId,
} from '@metamask/utils';

import { MultichainError, MultichainErrorCode } from './errors';
import type { ScopeObject, SessionScopes } from './types';

/** The only members a scope object may have (CAIP-217 as the spec restricts it). */
const SCOPE_MEMBERS: readonly string[] = [
  'references',
  'methods',
  'notifications',
  'accounts',
];

/** A scope request with every list present, as the client sends it. */
export type NormalizedScope = {
  /** Chain references; only on a bare-namespace key. */
  references?: string[];
  /** Methods asked for (`[]` when none). */
  methods: string[];
  /** Notifications asked for (`[]` when none). */
  notifications: string[];
  /** CAIP-10 accounts to preselect. */
  accounts?: string[];
};

/**
 * Builds an -32602 error naming the offending key or member, so a dapp author sees which
 * part of a request is wrong without reading the wallet's logs.
 *
 * @param path - Where the problem is, e.g. `optionalScopes["eip155:1"].accounts[0]`.
 * @param problem - What is wrong there.
 * @returns The error to throw.
 */
function invalid(path: string, problem: string): MultichainError {
  return new MultichainError(
    MultichainErrorCode.InvalidParams,
    `${path}: ${problem}`,
    { data: { path } },
  );
}

/**
 * Checks a list member is an array of strings.
 *
 * @param value - The member's value.
 * @param path - Where it is, for the error.
 * @returns The list.
 * @throws {MultichainError} -32602 naming the member or element.
 */
function stringList(value: unknown, path: string): string[] {
  if (!Array.isArray(value)) {
    throw invalid(path, 'expected an array of strings');
  }
  return value.map((item: unknown, index) => {
    if (typeof item !== 'string') {
      throw invalid(`${path}[${index}]`, 'expected a string');
    }
    return item;
  });
}

/**
 * Reads an optional list member.
 *
 * @param value - The member's value.
 * @param path - Where it is, for the error.
 * @returns The list, or undefined when the member is absent.
 */
function optionalList(value: unknown, path: string): string[] | undefined {
  return value === undefined ? undefined : stringList(value, path);
}

/**
 * Checks that an account id is a CAIP-10 id that lives inside its scope: same chain for a
 * chain key; same namespace (and one of the references, if given) for a bare namespace.
 *
 * @param account - The account id.
 * @param key - The scope key.
 * @param references - The scope's references, if any.
 * @param path - Where the account is, for the error.
 * @throws {MultichainError} -32602 naming the account.
 */
function checkAccount(
  account: string,
  key: string,
  references: string[] | undefined,
  path: string,
): void {
  if (!isCaipAccountId(account)) {
    throw invalid(path, `"${account}" is not a CAIP-10 account id`);
  }
  const { chainId, chain } = parseCaipAccountId(account);
  const inScope = isCaipChainId(key)
    ? chainId === key
    : chain.namespace === key &&
      (references === undefined || references.includes(chain.reference));
  if (!inScope) {
    throw invalid(path, `account "${account}" is not in scope "${key}"`);
  }
}

/**
 * Validates one scope of a request and fills the lists the wallet expects.
 *
 * @param key - The scope key.
 * @param value - The scope object as given.
 * @param path - Where the scope is, e.g. `optionalScopes["eip155:1"]`.
 * @returns The scope with `methods` and `notifications` always present.
 * @throws {MultichainError} -32602 naming the bad key or member.
 */
function validateScope(
  key: string,
  value: unknown,
  path: string,
): NormalizedScope {
  const chainKey = isCaipChainId(key);
  if (!chainKey && !isCaipNamespace(key)) {
    throw invalid(path, 'scope key is not a CAIP-2 chain id or a namespace');
  }
  if (!isPlainObject(value)) {
    throw invalid(path, 'expected a scope object');
  }
  const unknownMember = Object.keys(value).find(
    (member) => !SCOPE_MEMBERS.includes(member),
  );
  if (unknownMember !== undefined) {
    throw invalid(
      `${path}.${unknownMember}`,
      `unsupported member (only ${SCOPE_MEMBERS.join(', ')})`,
    );
  }
  const references = optionalList(value.references, `${path}.references`);
  if (references !== undefined && chainKey) {
    throw invalid(
      `${path}.references`,
      'references are only allowed on a bare-namespace key',
    );
  }
  const badReference =
    references?.findIndex((reference) => !isCaipReference(reference)) ?? -1;
  if (badReference >= 0) {
    throw invalid(
      `${path}.references[${badReference}]`,
      `"${String(references?.[badReference])}" is not a CAIP-2 reference`,
    );
  }
  const accounts = optionalList(value.accounts, `${path}.accounts`);
  accounts?.forEach((account, index) =>
    checkAccount(account, key, references, `${path}.accounts[${index}]`),
  );
  return {
    ...(references === undefined ? {} : { references }),
    methods: optionalList(value.methods, `${path}.methods`) ?? [],
    notifications:
      optionalList(value.notifications, `${path}.notifications`) ?? [],
    ...(accounts === undefined ? {} : { accounts }),
  };
}

/**
 * Validates the scopes of one createSession parameter and normalizes them.
 *
 * @param scopes - `optionalScopes` or `requiredScopes` as given (may be undefined); typed
 * `unknown` because the engine validates what arrives off the wire with it too.
 * @param name - The parameter name, used in error paths.
 * @returns The normalized scopes (empty when none were given).
 * @throws {MultichainError} -32602 naming the bad key or member.
 */
export function validateScopes(
  scopes: unknown,
  name: string,
): Record<string, NormalizedScope> {
  if (scopes === undefined) {
    return {};
  }
  if (!isPlainObject(scopes)) {
    throw invalid(name, 'expected an object of scopes');
  }
  return Object.fromEntries(
    Object.entries(scopes).map(([key, value]) => [
      key,
      validateScope(key, value, `${name}[${JSON.stringify(key)}]`),
    ]),
  );
}

/**
 * Union of two lists without duplicates, keeping first-seen order.
 *
 * @param first - The first list.
 * @param second - The second list.
 * @returns The union.
 */
function union(
  first: string[] | undefined,
  second: string[] | undefined,
): string[] | undefined {
  if (first === undefined && second === undefined) {
    return undefined;
  }
  return [...new Set([...(first ?? []), ...(second ?? [])])];
}

/**
 * Merges two scopes of the same key member by member; used to fold requiredScopes into
 * optionalScopes, since the wallet treats both as optional.
 *
 * @param into - The scope already present.
 * @param from - The scope to add.
 * @returns The merged scope.
 */
export function mergeScope(
  into: NormalizedScope,
  from: NormalizedScope,
): NormalizedScope {
  const references = union(into.references, from.references);
  const accounts = union(into.accounts, from.accounts);
  return {
    ...(references === undefined ? {} : { references }),
    methods: union(into.methods, from.methods) ?? [],
    notifications: union(into.notifications, from.notifications) ?? [],
    ...(accounts === undefined ? {} : { accounts }),
  };
}

/**
 * Folds `extra` scopes into `base`, merging scopes that share a key.
 *
 * @param base - The scopes to merge into.
 * @param extra - The scopes to add.
 * @returns A new object with every scope of both.
 */
export function mergeScopes(
  base: Record<string, NormalizedScope>,
  extra: Record<string, NormalizedScope>,
): Record<string, NormalizedScope> {
  const merged = { ...base };
  for (const [key, scope] of Object.entries(extra)) {
    const existing = merged[key];
    merged[key] = existing ? mergeScope(existing, scope) : scope;
  }
  return merged;
}

/**
 * Expands bare-namespace keys that carry `references` into one chain key per reference
 * (`eip155` + `['1']` → `eip155:1`), as a wallet does before matching what it supports.
 *
 * @param scopes - Normalized scopes.
 * @returns Scopes keyed by chain id (or by a bare namespace that had no references).
 */
export function expandReferences(
  scopes: Record<string, NormalizedScope>,
): Record<string, NormalizedScope> {
  let expanded: Record<string, NormalizedScope> = {};
  for (const [key, scope] of Object.entries(scopes)) {
    const { references, ...rest } = scope;
    const keys =
      references === undefined || isCaipChainId(key)
        ? [key]
        : references.map((reference) => `${key}:${reference}`);
    for (const chainKey of keys) {
      const accounts = rest.accounts?.filter(
        (account) =>
          isCaipAccountId(account) &&
          (!isCaipChainId(chainKey) ||
            parseCaipAccountId(account).chainId === chainKey),
      );
      expanded = mergeScopes(expanded, {
        [chainKey]: { ...rest, ...(accounts ? { accounts } : {}) },
      });
    }
  }
  return expanded;
}

/**
 * Whether a granted session allows a notification, so a listener never sees one from a
 * scope or of a kind it was not granted.
 *
 * @param scopes - The granted scopes.
 * @param scope - The notification's scope.
 * @param method - The notification's method.
 * @returns True when granted.
 */
export function isNotificationGranted(
  scopes: SessionScopes,
  scope: string,
  method: string,
): boolean {
  // Own keys only: a scope named `constructor` or `toString` is not granted.
  return (
    (hasProperty(scopes, scope) &&
      scopes[scope]?.notifications.includes(method)) ??
    false
  );
}

/**
 * Whether a granted session allows a method on a scope; invokeMethod checks this before
 * sending anything.
 *
 * @param scopes - The granted scopes.
 * @param scope - The scope to invoke on.
 * @param method - The method.
 * @returns True when granted.
 */
export function isMethodGranted(
  scopes: SessionScopes,
  scope: string,
  method: string,
): boolean {
  // Own keys only: a scope named `constructor` or `toString` is not granted.
  return (
    (hasProperty(scopes, scope) && scopes[scope]?.methods.includes(method)) ??
    false
  );
}

/**
 * A canonical form of a scope (sorted lists) for comparing sessions.
 *
 * @param scope - The scope object.
 * @returns A string that is equal for equal scopes.
 */
function canonicalScope(scope: ScopeObject): string {
  return JSON.stringify([
    [...(scope.references ?? [])].sort(),
    [...scope.methods].sort(),
    [...scope.notifications].sort(),
    [...(scope.accounts ?? [])].sort(),
  ]);
}

/**
 * Whether two sets of scopes grant the same things, ignoring order; used to tell whether a
 * re-read session is news for onSessionChanged listeners.
 *
 * @param first - One set of scopes.
 * @param second - The other.
 * @returns True when equal.
 */
export function sameScopes(
  first: SessionScopes,
  second: SessionScopes,
): boolean {
  const keys = Object.keys(first).sort();
  const otherKeys = Object.keys(second).sort();
  if (keys.join('\n') !== otherKeys.join('\n')) {
    return false;
  }
  return keys.every((key) => {
    const scope = first[key];
    const other = second[key];
    return (
      scope !== undefined &&
      other !== undefined &&
      canonicalScope(scope) === canonicalScope(other)
    );
  });
}
