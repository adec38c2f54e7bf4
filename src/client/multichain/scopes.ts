import type {
  ExternalScopeObject,
  ExternalScopesObject,
  ExternalScopeString,
} from '@metamask/chain-agnostic-permission';
import type { Struct } from '@metamask/superstruct';
import {
  array,
  define,
  dynamic,
  object,
  optional,
  record,
  string,
  validate,
} from '@metamask/superstruct';
import type { CaipAccountId, CaipReference } from '@metamask/utils';
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
import type { CreateSessionParams } from './requests';
import type { SessionProperties, SessionScopes } from './types';

/** A requested scope as sent: chain-agnostic-permission's `ExternalScopeObject`. */
export type NormalizedScope = ExternalScopeObject;

// Messages of superstruct's own failures; our checks carry theirs.
const MESSAGES: Record<string, string> = {
  never:
    'unsupported member (only references, methods, notifications, accounts)',
  array: 'expected an array of strings',
  string: 'expected a string',
  object: 'expected a scope object',
  record: 'expected an object of scopes',
};

// The -32602 error of a bad request member, `path` also in `data`.
const invalid = (
  path: string,
  problem: string,
  cause?: unknown,
): MultichainError =>
  new MultichainError(
    MultichainErrorCode.InvalidParams,
    `${path}: ${problem}`,
    {
      data: { path },
      cause,
    },
  );

// A string struct whose check answers true or what is wrong.
const text = <Type extends string>(
  name: string,
  check: (value: string) => boolean | string,
): Struct<Type, null> =>
  define<Type>(name, (value) =>
    typeof value === 'string' ? check(value) : 'expected a string',
  );

// One requested scope: references only on a bare namespace, accounts inside the scope
// (its chain, or its namespace and references).
const scopeStruct = (
  key: string,
  value: unknown,
): Struct<Partial<ExternalScopeObject>, unknown> => {
  const chain = isCaipChainId(key);
  const references =
    isPlainObject(value) && Array.isArray(value.references)
      ? value.references
      : undefined;
  const inScope = (account: CaipAccountId): boolean => {
    const {
      chainId,
      chain: { namespace, reference },
    } = parseCaipAccountId(account);
    return chain
      ? chainId === key
      : namespace === key && (references?.includes(reference) ?? true);
  };
  return object({
    references: optional(
      chain
        ? define<CaipReference[]>(
            'NoReferences',
            () => 'references are only allowed on a bare-namespace key',
          )
        : array(
            text<CaipReference>(
              'Reference',
              (ref) =>
                isCaipReference(ref) ||
                `"${String(ref)}" is not a CAIP-2 reference`,
            ),
          ),
    ),
    methods: optional(array(string())),
    notifications: optional(array(string())),
    accounts: optional(
      array(
        text<CaipAccountId>('Account', (account) =>
          isCaipAccountId(account)
            ? inScope(account) ||
              `account "${account}" is not in scope "${key}"`
            : `"${account}" is not a CAIP-10 account id`,
        ),
      ),
    ),
  });
};

// Requested scopes: CAIP-217 keys, each scope checked against its key.
const ScopesStruct = optional(
  record(
    text<ExternalScopeString>(
      'ScopeKey',
      (key) =>
        isCaipChainId(key) ||
        isCaipNamespace(key) ||
        'scope key is not a CAIP-2 chain id or a namespace',
    ),
    dynamic((value, { path }) => scopeStruct(String(path.at(-1)), value)),
  ),
);

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
export function validateScopes(
  scopes: unknown,
  name: string,
): ExternalScopesObject {
  let result;
  try {
    result = validate(scopes, ScopesStruct);
  } catch (cause) {
    // superstruct prints bad values, which throws for some (no prototype, odd toString).
    throw invalid(name, 'not a JSON value', cause);
  }
  const [error, valid = {}] = result;
  if (error) {
    const [failure = error] = error.failures();
    const path = failure.path.reduce<string>(
      (prefix, key, depth) =>
        depth === 0
          ? `${prefix}[${JSON.stringify(key)}]`
          : `${prefix}${typeof key === 'number' ? `[${key}]` : `.${String(key)}`}`,
      name,
    );
    throw invalid(path, MESSAGES[failure.type] ?? failure.message, error);
  }
  return Object.fromEntries(
    Object.entries(valid).map(([key, scope]) => [
      key,
      {
        ...scope,
        methods: scope.methods ?? [],
        notifications: scope.notifications ?? [],
      },
    ]),
  );
}

const union = <Item>(first: Item[] = [], second: Item[] = []): Item[] => [
  ...new Set([...first, ...second]),
];

/**
 * The params createSession sends: scopes checked, requiredScopes merged into
 * optionalScopes (the wallet treats both as optional; `warn` says so), no empty
 * sessionProperties.
 *
 * @param params - The request as the dapp gave it.
 * @param warn - The warning sink.
 * @returns The params to send.
 * @throws {MultichainError} -32602 naming the bad member.
 */
export function sessionRequest(
  params: CreateSessionParams,
  warn: (message: string) => void,
): {
  optionalScopes: ExternalScopesObject;
  sessionProperties?: SessionProperties;
} {
  const optionalScopes = validateScopes(
    params.optionalScopes,
    'optionalScopes',
  );
  const required = validateScopes(params.requiredScopes, 'requiredScopes');
  const keys = Object.keys(required);
  if (keys.length > 0) {
    warn(
      `requiredScopes (${keys.join(', ')}) are treated as optional by the wallet; merged into optionalScopes`,
    );
  }
  for (const [key, from] of Object.entries(required)) {
    const into = optionalScopes[key] ?? from;
    const scope: ExternalScopeObject = {
      ...into,
      ...from,
      methods: union(into.methods, from.methods),
      notifications: union(into.notifications, from.notifications),
    };
    if (scope.references) {
      scope.references = union(into.references, from.references);
    }
    if (scope.accounts) {
      scope.accounts = union(into.accounts, from.accounts);
    }
    optionalScopes[key] = scope;
  }
  if (Object.keys(optionalScopes).length === 0) {
    throw invalid('optionalScopes', 'at least one scope is needed');
  }
  const { sessionProperties } = params;
  if (sessionProperties !== undefined && !isPlainObject(sessionProperties)) {
    throw invalid('sessionProperties', 'expected an object');
  }
  return sessionProperties && Object.keys(sessionProperties).length > 0
    ? { optionalScopes, sessionProperties }
    : { optionalScopes };
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
