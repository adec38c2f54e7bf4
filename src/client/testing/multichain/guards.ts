import {
  isCaipAccountId,
  isCaipChainId,
  isCaipNamespace,
  isObject,
} from '@metamask/utils';

import { MultichainError, MultichainErrorCode } from './errors';
import type {
  ScopeObject,
  Session,
  SessionProperties,
  SessionScopes,
} from './types';

/** A check of received data: throws {@link invalid} naming what is wrong, under `at`. */
export type Check<Type> = (value: unknown, at: string) => asserts value is Type;

/**
 * Throws the -32602 error of a bad member, its path also in `data`.
 *
 * @param path - Where, e.g. `optionalScopes["eip155:1"].accounts[0]`.
 * @param problem - What is wrong there.
 */
export function invalid(path: string, problem: string): never {
  throw new MultichainError(
    MultichainErrorCode.InvalidParams,
    `${path}: ${problem}`,
    { data: { path } },
  );
}

/**
 * Checks a list of strings, each item also by `check` (true, or what is wrong).
 *
 * @param value - The list.
 * @param at - Its path.
 * @param check - The item check.
 */
export function checkList(
  value: unknown,
  at: string,
  check: (item: string) => string | true = () => true,
): asserts value is string[] {
  if (!Array.isArray(value)) {
    invalid(at, 'expected an array of strings');
  }
  const items: unknown[] = value;
  for (const [index, item] of items.entries()) {
    const problem =
      typeof item === 'string' ? check(item) : 'expected a string';
    if (problem !== true) {
      invalid(`${at}[${index}]`, problem);
    }
  }
}

/**
 * The check of a CAIP-10 account id, for {@link checkList}.
 *
 * @param account - The account id.
 * @returns True, or what is wrong.
 */
export function accountProblem(account: string): string | true {
  return isCaipAccountId(account) || `"${account}" is not a CAIP-10 account id`;
}

/**
 * Checks a granted scope: lists of strings, accounts CAIP-10; other members allowed, so
 * new wallet members don't break dapps.
 *
 * @param value - The scope.
 * @param at - Its path.
 * @param accounts - Whether `accounts` must be there (a wallet's supported scopes).
 */
export function checkScope(
  value: unknown,
  at: string,
  accounts: 'optional' | 'required' = 'optional',
): asserts value is ScopeObject {
  if (!isObject(value)) {
    invalid(at, 'expected a scope object');
  }
  if (value.references !== undefined) {
    checkList(value.references, `${at}.references`);
  }
  checkList(value.methods, `${at}.methods`);
  checkList(value.notifications, `${at}.notifications`);
  if (value.accounts !== undefined || accounts === 'required') {
    checkList(value.accounts, `${at}.accounts`, accountProblem);
  }
}

/**
 * Checks scopes by key: keys CAIP-217 (a CAIP-2 chain id or a bare namespace), each scope
 * by `check` (as granted scopes by default).
 *
 * @param value - The scopes.
 * @param at - Their path; a scope's is `at["key"]`.
 * @param check - The check of one scope.
 */
export function checkScopes(
  value: unknown,
  at: string,
  check: (key: string, scope: unknown, at: string) => void = (
    _key,
    scope,
    path,
  ) => checkScope(scope, path),
): asserts value is SessionScopes {
  if (!isObject(value)) {
    invalid(at, 'expected an object of scopes');
  }
  for (const [key, scope] of Object.entries(value)) {
    const path = `${at}[${JSON.stringify(key)}]`;
    if (!isCaipChainId(key) && !isCaipNamespace(key)) {
      invalid(path, 'scope key is not a CAIP-2 chain id or a namespace');
    }
    check(key, scope, path);
  }
}

/**
 * Checks session properties: an object, `expiry` a string, `globalConfig` an object.
 *
 * @param value - The properties.
 * @param at - Their path.
 */
export function checkProperties(
  value: unknown,
  at: string,
): asserts value is SessionProperties {
  if (!isObject(value)) {
    invalid(at, 'expected an object');
  }
  if (value.expiry !== undefined && typeof value.expiry !== 'string') {
    invalid(`${at}.expiry`, 'expected a string');
  }
  if (value.globalConfig !== undefined && !isObject(value.globalConfig)) {
    invalid(`${at}.globalConfig`, 'expected an object');
  }
}

/**
 * Checks a wallet_createSession or wallet_getSession result.
 *
 * @param value - The result.
 * @param at - Its path.
 */
export function checkSession(
  value: unknown,
  at: string,
): asserts value is Partial<Session> & Pick<Session, 'sessionScopes'> {
  if (!isObject(value)) {
    invalid(at, 'expected an object');
  }
  checkScopes(value.sessionScopes, `${at}.sessionScopes`);
  if (value.sessionProperties !== undefined) {
    checkProperties(value.sessionProperties, `${at}.sessionProperties`);
  }
}
