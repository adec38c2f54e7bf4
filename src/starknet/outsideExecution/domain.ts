import { isObject } from '@metamask/utils';
import type { TypedData } from 'starknet';
import {
  OutsideExecutionTypesV1,
  OutsideExecutionTypesV2,
  shortString,
} from 'starknet';

import { InvalidField } from '../../errors';
import type { Network } from '../node/networks';
import { hashedNumber, hashedScalar } from '../review/typedDataValue';

/** SNIP-9 version: '1' (SNIP-12 revision 0) or '2' (revision 1). */
export type OutsideExecutionVersion = '1' | '2';

/** The domain name of every SNIP-9 typed data (`Account.execute_from_outside`). */
export const OUTSIDE_EXECUTION_DOMAIN = 'Account.execute_from_outside';

/** Message field names of each version (the hashed ones, in type order). */
export const FIELDS = {
  '1': {
    caller: 'caller',
    nonce: 'nonce',
    after: 'execute_after',
    before: 'execute_before',
    calls: 'calls',
    to: 'to',
    selector: 'selector',
    calldata: 'calldata',
  },
  '2': {
    caller: 'Caller',
    nonce: 'Nonce',
    after: 'Execute After',
    before: 'Execute Before',
    calls: 'Calls',
    to: 'To',
    selector: 'Selector',
    calldata: 'Calldata',
  },
} as const;

/**
 * Whether two `types` records are the same type set (member order matters: it is
 * hashed; key order of a member object does not).
 *
 * @param types - What the dapp sent.
 * @param canonical - starknet.js' canonical set.
 * @returns Whether they are equal.
 */
function sameTypes(
  types: TypedData['types'],
  canonical: Record<string, readonly { name: string; type: string }[]>,
): boolean {
  const names = Object.keys(types);
  if (names.length !== Object.keys(canonical).length) {
    return false;
  }
  return names.every((name) => {
    const members: unknown = types[name];
    const expected = canonical[name];
    return (
      expected !== undefined &&
      Array.isArray(members) &&
      members.length === expected.length &&
      members.every(
        (member: unknown, index) =>
          isObject(member) &&
          Object.keys(member).length === 2 &&
          member.name === expected[index]?.name &&
          member.type === expected[index]?.type,
      )
    );
  });
}

/**
 * Refuses keys of an object that its type does not hash.
 *
 * @param value - The object.
 * @param allowed - Its type's member names.
 * @param path - Path for errors.
 */
export function assertOnlyKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) {
    throw new InvalidField(
      `${path}.${extra}`,
      'is not a member of its type, so it would not be signed: remove it',
    );
  }
}

/**
 * Picks the SNIP-9 version from `types` and checks the domain against it and the
 * signing network.
 *
 * @param data - Typed data.
 * @param network - The signing network.
 * @param field - Name of the request's typed-data field, for errors.
 * @returns The version.
 */
export function readDomain(
  data: TypedData,
  network: Network,
  field: string,
): OutsideExecutionVersion {
  let version: OutsideExecutionVersion;
  if (sameTypes(data.types, OutsideExecutionTypesV2)) {
    version = '2';
  } else if (sameTypes(data.types, OutsideExecutionTypesV1)) {
    version = '1';
  } else {
    throw new InvalidField(
      `${field}.types`,
      'are not the SNIP-9 OutsideExecution types of version 1 or 2 (starknet.js OutsideExecutionTypesV1/V2)',
    );
  }
  const path = `${field}.domain`;
  const { domain } = data;
  const members =
    version === '2'
      ? ['name', 'version', 'chainId', 'revision']
      : ['name', 'version', 'chainId'];
  assertOnlyKeys(domain, members, path);
  if (
    hashedScalar(domain.name, `${path}.name`).value !==
    BigInt(shortString.encodeShortString(OUTSIDE_EXECUTION_DOMAIN))
  ) {
    throw new InvalidField(
      `${path}.name`,
      `must be ${OUTSIDE_EXECUTION_DOMAIN}`,
    );
  }
  if (hashedNumber(domain.version, `${path}.version`) !== BigInt(version)) {
    throw new InvalidField(
      `${path}.version`,
      `must be ${version} for these types`,
    );
  }
  if (version === '2' && String(domain.revision) !== '1') {
    throw new InvalidField(
      `${path}.revision`,
      'must be 1 for SNIP-9 version 2',
    );
  }
  const chainId = hashedScalar(domain.chainId, `${path}.chainId`).value;
  if (chainId !== BigInt(network.chainId)) {
    throw new InvalidField(
      `${path}.chainId`,
      `must be the signing network's (${network.name}, ${network.chainId}): an outside execution for another chain is refused`,
    );
  }
  return version;
}
