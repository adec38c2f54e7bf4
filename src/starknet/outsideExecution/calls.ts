import { isObject } from '@metamask/utils';
import { hash } from 'starknet';

import { ADDRESS_BOUND, toFelt64 } from '../../api/felt';
import { InvalidField } from '../../errors';
import { hashedNumber, hashedScalar } from '../review/typedDataValue';
import type { OutsideExecutionVersion } from './domain';
import { assertOnlyKeys, FIELDS } from './domain';

/** One call an outside execution makes the account execute. */
export type OutsideExecutionCall = {
  /** Called contract, `0x` + 64 digits. */
  contractAddress: string;
  /** The selector that is hashed (and executed), `0x` + 64 digits. */
  selector: string;
  /** The function name, when the typed data gave it as a name (v2 only). */
  entrypoint?: string;
  /** Arguments as hashed, `0x` hex. */
  calldata: string[];
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/u;

/**
 * Reads a selector as starknet.js hashes it: v2's `selector` type takes a 0x-hex
 * selector as is and keccaks a name; v1's `felt` takes a number only (a name would be
 * hashed as a short string, which is no selector).
 *
 * @param selector - The value.
 * @param version - SNIP-9 version.
 * @param path - Path for errors.
 * @returns The selector (0x + 64 digits) and the name when given as one.
 */
function readSelector(
  selector: unknown,
  version: OutsideExecutionVersion,
  path: string,
): { selector: string; entrypoint?: string } {
  if (version === '2' && typeof selector === 'string' && NAME.test(selector)) {
    return {
      selector: toFelt64(hash.getSelectorFromName(selector)),
      entrypoint: selector,
    };
  }
  if (
    version === '2' &&
    !(typeof selector === 'string' && /^0x[0-9a-f]+$/iu.test(selector))
  ) {
    throw new InvalidField(
      path,
      'must be a 0x-hex selector or a function name',
    );
  }
  return { selector: toFelt64(hashedNumber(selector, path)) };
}

/**
 * Reads one call from its hashed fields.
 *
 * @param value - The call object.
 * @param version - SNIP-9 version.
 * @param path - Path for errors.
 * @returns The call, values as hashed.
 */
export function readCall(
  value: unknown,
  version: OutsideExecutionVersion,
  path: string,
): OutsideExecutionCall {
  if (!isObject(value)) {
    throw new InvalidField(path, 'must be a call object');
  }
  const names = FIELDS[version];
  const members: string[] =
    version === '1'
      ? ['to', 'selector', 'calldata_len', 'calldata']
      : ['To', 'Selector', 'Calldata'];
  assertOnlyKeys(value, members, path);
  const to = hashedNumber(
    value[names.to],
    `${path}.${names.to}`,
    ADDRESS_BOUND,
  );
  const rawCalldata = value[names.calldata];
  if (!Array.isArray(rawCalldata)) {
    throw new InvalidField(`${path}.${names.calldata}`, 'must be an array');
  }
  const calldata = rawCalldata.map(
    (item, index) =>
      `0x${hashedScalar(item, `${path}.${names.calldata}.${index}`).value.toString(16)}`,
  );
  if (
    version === '1' &&
    hashedNumber(value.calldata_len, `${path}.calldata_len`) !==
      BigInt(calldata.length)
  ) {
    throw new InvalidField(
      `${path}.calldata_len`,
      'must be the length of calldata',
    );
  }
  return {
    contractAddress: toFelt64(to),
    ...readSelector(
      value[names.selector],
      version,
      `${path}.${names.selector}`,
    ),
    calldata,
  };
}
