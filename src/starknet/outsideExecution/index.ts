import { isObject } from '@metamask/utils';
import type { TypedData } from 'starknet';
import { constants, shortString } from 'starknet';

import { ADDRESS_BOUND, toFelt64 } from '../../api/felt';
import { InvalidField } from '../../errors';
import type { Network } from '../node/networks';
import { hashedNumber, hashedScalar } from '../review/typedDataValue';
import type { OutsideExecutionCall } from './calls';
import { readCall } from './calls';
import type { OutsideExecutionVersion } from './domain';
import {
  assertOnlyKeys,
  FIELDS,
  OUTSIDE_EXECUTION_DOMAIN,
  readDomain,
} from './domain';

export type { OutsideExecutionCall } from './calls';
export type { OutsideExecutionVersion } from './domain';
export { OUTSIDE_EXECUTION_DOMAIN } from './domain';

/** SNIP-9 typed data read from its hashed fields only, values as hashed. */
export type OutsideExecution = {
  version: OutsideExecutionVersion;
  /** Who may submit it: `0x` + 64 digits (ANY_CALLER included, see `anyCaller`). */
  caller: string;
  /** Whether anyone may submit it (caller is `'ANY_CALLER'`). */
  anyCaller: boolean;
  nonce: string;
  /** Unix seconds; the account requires after < block time < before. */
  executeAfter: bigint;
  executeBefore: bigint;
  calls: OutsideExecutionCall[];
};

const ANY_CALLER = BigInt(constants.OutsideExecutionCallerAny);
const U64_BOUND = 2n ** 64n;

/**
 * Whether typed data claims to be a SNIP-9 outside execution (by its domain name or
 * primary type). Such data is then validated strictly by {@link readOutsideExecution}:
 * a near-miss must not fall back to the plain message dialog.
 *
 * @param data - Typed data (already shape-checked).
 * @returns Whether it is an outside execution.
 */
export function isOutsideExecution(data: TypedData): boolean {
  const { name } = data.domain;
  const nameText =
    typeof name === 'string' && /^0x[0-9a-f]+$/iu.test(name)
      ? shortString.decodeShortString(name)
      : name;
  return (
    data.primaryType === 'OutsideExecution' ||
    nameText === OUTSIDE_EXECUTION_DOMAIN ||
    'OutsideExecution' in data.types
  );
}

/**
 * Reads who may submit and the time window, as hashed: the caller an address or
 * ANY_CALLER, both times fitting the account's u64 and in order.
 *
 * @param message - The typed-data message.
 * @param version - SNIP-9 version.
 * @param path - Path of the message, for errors.
 * @returns Caller (as a number) and window.
 */
function readWhoAndWhen(
  message: Record<string, unknown>,
  version: OutsideExecutionVersion,
  path: string,
): { caller: bigint; executeAfter: bigint; executeBefore: bigint } {
  const names = FIELDS[version];
  const callerPath = `${path}.${names.caller}`;
  const caller = hashedScalar(message[names.caller], callerPath).value;
  if (caller !== ANY_CALLER && caller >= ADDRESS_BOUND) {
    throw new InvalidField(callerPath, 'must be an address or ANY_CALLER');
  }
  const after = `${path}.${names.after}`;
  const before = `${path}.${names.before}`;
  const executeAfter = hashedNumber(message[names.after], after, U64_BOUND);
  const executeBefore = hashedNumber(message[names.before], before, U64_BOUND);
  if (executeBefore <= executeAfter) {
    throw new InvalidField(before, `must be after ${names.after}`);
  }
  return { caller, executeAfter, executeBefore };
}

/**
 * Reads and validates SNIP-9 typed data before any dialog: canonical `types` of
 * version 1 or 2, domain name/version/revision, domain chainId equal to the signing
 * network's, no member its type does not hash, both `Calls` and `calls` refused,
 * windows that fit u64, selectors given as names (v2) or hex. Only the hashed array
 * is read, so what is shown is what the account will execute.
 *
 * @param data - Typed data for which {@link isOutsideExecution} is true.
 * @param network - The signing network.
 * @param field - Name of the request's typed-data field, for errors.
 * @returns The outside execution, values as hashed.
 * @throws InvalidField (-32602) naming the offending field.
 */
export function readOutsideExecution(
  data: TypedData,
  network: Network,
  field = 'typedDataMessage',
): OutsideExecution {
  if (data.primaryType !== 'OutsideExecution') {
    throw new InvalidField(`${field}.primaryType`, 'must be OutsideExecution');
  }
  const version = readDomain(data, network, field);
  const names = FIELDS[version];
  const path = `${field}.message`;
  const { message } = data;
  if (!isObject(message)) {
    throw new InvalidField(path, 'must be an object');
  }
  if ('Calls' in message && 'calls' in message) {
    throw new InvalidField(
      path,
      `carries both Calls and calls; only ${names.calls} is signed: send one array`,
    );
  }
  const members =
    version === '1'
      ? [...Object.values(names).slice(0, 5), 'calls_len']
      : Object.values(names).slice(0, 5);
  assertOnlyKeys(message, members, path);
  const rawCalls = message[names.calls];
  if (!Array.isArray(rawCalls) || rawCalls.length === 0) {
    throw new InvalidField(
      `${path}.${names.calls}`,
      'must be a non-empty array of calls',
    );
  }
  if (
    version === '1' &&
    hashedNumber(message.calls_len, `${path}.calls_len`) !==
      BigInt(rawCalls.length)
  ) {
    throw new InvalidField(`${path}.calls_len`, 'must be the number of calls');
  }
  const { caller, executeAfter, executeBefore } = readWhoAndWhen(
    message,
    version,
    path,
  );
  return {
    version,
    caller: toFelt64(caller),
    anyCaller: caller === ANY_CALLER,
    nonce: toFelt64(
      hashedNumber(message[names.nonce], `${path}.${names.nonce}`),
    ),
    executeAfter,
    executeBefore,
    calls: rawCalls.map((call, index) =>
      readCall(call, version, `${path}.${names.calls}.${index}`),
    ),
  };
}

/**
 * Refuses an outside execution whose version the account's class cannot execute.
 *
 * @param version - The typed data's SNIP-9 version.
 * @param supported - Versions the account supports (from its class, see callers).
 * @param field - Name of the request's typed-data field, for errors.
 */
export function assertVersionSupported(
  version: OutsideExecutionVersion,
  supported: readonly OutsideExecutionVersion[],
  field = 'typedDataMessage',
): void {
  if (!supported.includes(version)) {
    throw new InvalidField(
      `${field}.domain.version`,
      `is SNIP-9 version ${version}, which this account does not support (it supports ${supported.length > 0 ? supported.join(', ') : 'none'})`,
    );
  }
}
