import type {
  ExternalScopeObject,
  ExternalScopesObject,
  ExternalScopeString,
} from '@metamask/chain-agnostic-permission';
import type { Struct, StructError } from '@metamask/superstruct';
import {
  array,
  define,
  object,
  optional,
  record,
  refine,
  string,
  unknown,
  validate,
} from '@metamask/superstruct';
import {
  isCaipAccountId,
  isCaipChainId,
  isCaipNamespace,
  isCaipReference,
  parseCaipAccountId,
} from '@metamask/utils';

import { MultichainError, MultichainErrorCode } from './errors';

/**
 * A scope request with every list present, as the client sends it: the
 * `ExternalScopeObject` of `@metamask/chain-agnostic-permission`.
 */
export type NormalizedScope = ExternalScopeObject;

/** Requested scopes by key: `ExternalScopesObject` of chain-agnostic-permission. */
export type NormalizedScopes = ExternalScopesObject;

/**
 * Whether a key is a CAIP-2 chain id or a bare namespace.
 *
 * @param key - A scope key.
 * @returns True for a scope string CAIP-217 allows.
 */
function isScopeKey(key: string): key is ExternalScopeString {
  return isCaipChainId(key) || isCaipNamespace(key);
}

/** The members a scope object may have (CAIP-217 as the spec restricts it). */
const MEMBERS = 'references, methods, notifications, accounts';

/** A scope key: a CAIP-2 chain id or a bare namespace. */
const ScopeKeyStruct = refine(
  string(),
  'ScopeKey',
  (key) =>
    isScopeKey(key) || 'scope key is not a CAIP-2 chain id or a namespace',
);

/** A CAIP-2 reference of a bare-namespace key. */
const ReferenceStruct = refine(
  string(),
  'Reference',
  (reference: string) =>
    isCaipReference(reference) ||
    `"${String(reference)}" is not a CAIP-2 reference`,
);

/** What a chain key may not have: references belong on a bare namespace. */
const NoReferencesStruct = define<string[]>(
  'NoReferences',
  () => 'references are only allowed on a bare-namespace key',
);

/**
 * A CAIP-10 account that lives inside its scope: same chain for a chain key, same
 * namespace (and one of the references, when given) for a bare namespace.
 *
 * @param key - The scope key.
 * @param references - The scope's references, if any.
 * @returns The struct.
 */
function accountIn(
  key: string,
  references: string[] | undefined,
): Struct<string, null> {
  return refine(string(), 'AccountInScope', (account) => {
    if (!isCaipAccountId(account)) {
      return `"${account}" is not a CAIP-10 account id`;
    }
    const { chainId, chain } = parseCaipAccountId(account);
    const inScope = isCaipChainId(key)
      ? chainId === key
      : chain.namespace === key &&
        (references?.includes(chain.reference) ?? true);
    return inScope || `account "${account}" is not in scope "${key}"`;
  });
}

/**
 * The struct of one requested scope, given its key (what is allowed depends on it).
 *
 * @param key - The scope key.
 * @returns The struct.
 */
function scopeRequestStruct(key: string): Struct<ScopeRequestShape, unknown> {
  return object({
    references: optional(
      isCaipChainId(key) ? NoReferencesStruct : array(ReferenceStruct),
    ),
    methods: optional(array(string())),
    notifications: optional(array(string())),
    accounts: optional(array(string())),
  });
}

/** A requested scope as the struct reads it. */
type ScopeRequestShape = {
  references?: string[] | undefined;
  methods?: string[] | undefined;
  notifications?: string[] | undefined;
  accounts?: string[] | undefined;
};

/** Readable messages for the struct failures that carry no message of ours. */
const MESSAGES: Record<string, string> = {
  never: `unsupported member (only ${MEMBERS})`,
  array: 'expected an array of strings',
  string: 'expected a string',
  object: 'expected a scope object',
  record: 'expected an object of scopes',
};

/**
 * Checks a value with a struct, throwing -32602 naming where it failed
 * (`optionalScopes["eip155:1"].accounts[0]`) and what is wrong there.
 *
 * @param value - The value.
 * @param struct - Its struct.
 * @param path - Where the value is.
 * @returns The value, typed.
 * @throws {MultichainError} -32602 with `data.path`.
 */
function check<Type>(
  value: unknown,
  struct: Struct<Type, unknown>,
  path: string,
): Type {
  let result: ReturnType<typeof validate<Type, unknown>>;
  try {
    result = validate(value, struct);
  } catch (cause) {
    // superstruct prints the bad value into its message, which throws for values that
    // cannot become a string (no prototype, throwing `toString`).
    throw new MultichainError(
      MultichainErrorCode.InvalidParams,
      `${path}: not a JSON value`,
      { data: { path }, cause },
    );
  }
  const [error, checked] = result;
  if (!error) {
    return checked;
  }
  const [failure] = error.failures();
  const where = (failure ?? error).path.reduce<string>(
    (prefix, key) =>
      typeof key === 'number'
        ? `${prefix}[${key}]`
        : `${prefix}.${String(key)}`,
    path,
  );
  const problem = failure?.refinement
    ? failure.message
    : (MESSAGES[failure?.type ?? ''] ?? failureMessage(error));
  throw new MultichainError(
    MultichainErrorCode.InvalidParams,
    `${where}: ${problem}`,
    { data: { path: where }, cause: error },
  );
}

/**
 * The message of a struct error whose failure has no table entry (a custom `define`).
 *
 * @param error - The struct error.
 * @returns Its message.
 */
function failureMessage(error: StructError): string {
  return error.failures()[0]?.message ?? error.message;
}

/**
 * Validates the scopes of one createSession parameter and normalizes them, so the wallet
 * gets `methods` and `notifications` always and a dapp author sees which part of a
 * request is wrong without reading the wallet's logs.
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
): NormalizedScopes {
  const normalized: NormalizedScopes = {};
  const given = check(scopes, optional(record(string(), unknown())), name);
  for (const [key, value] of Object.entries(given ?? {})) {
    const path = `${name}[${JSON.stringify(key)}]`;
    if (!isScopeKey(key)) {
      check(key, ScopeKeyStruct, path);
      continue;
    }
    const scope = check(value, scopeRequestStruct(key), path);
    const references = scope.references?.filter(isCaipReference);
    const accounts = check(
      scope.accounts,
      optional(array(accountIn(key, references))),
      `${path}.accounts`,
    )?.filter(isCaipAccountId);
    normalized[key] = {
      ...(references === undefined ? {} : { references }),
      methods: scope.methods ?? [],
      notifications: scope.notifications ?? [],
      ...(accounts === undefined ? {} : { accounts }),
    };
  }
  return normalized;
}

/**
 * Union of two lists without duplicates, keeping first-seen order.
 *
 * @param first - The first list.
 * @param second - The second list.
 * @returns The union, or undefined when neither list is there.
 */
function union<Item extends string>(
  first: Item[] | undefined,
  second: Item[] | undefined,
): Item[] | undefined {
  return first === undefined && second === undefined
    ? undefined
    : [...new Set([...(first ?? []), ...(second ?? [])])];
}

/**
 * Folds `extra` scopes into `base`, merging scopes that share a key member by member;
 * used to fold requiredScopes into optionalScopes, since the wallet treats both as
 * optional.
 *
 * @param base - The scopes to merge into.
 * @param extra - The scopes to add.
 * @returns A new object with every scope of both.
 */
export function mergeScopes(
  base: NormalizedScopes,
  extra: NormalizedScopes,
): NormalizedScopes {
  const merged = { ...base };
  for (const [key, from] of Object.entries(extra)) {
    if (!isScopeKey(key)) {
      continue;
    }
    const into = merged[key];
    const references = union(into?.references, from.references);
    const accounts = union(into?.accounts, from.accounts);
    merged[key] = {
      ...(references === undefined ? {} : { references }),
      methods: union(into?.methods, from.methods) ?? [],
      notifications: union(into?.notifications, from.notifications) ?? [],
      ...(accounts === undefined ? {} : { accounts }),
    };
  }
  return merged;
}
