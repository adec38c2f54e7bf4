import { isObject } from '@metamask/utils';
import type { TypedData } from 'starknet';

import { InvalidField } from '../errors';
import { scalar, u256Shown } from './typedDataScalar';

/** One typed-data value as the dialog shows it: exactly what is hashed. */
export type TypedDataNode =
  | {
      label: string;
      /** The value as hashed: a number, an address in hex, or text. */
      shown: string;
      /** Set when the value is text (a short string or a string), shown in quotes. */
      text?: true;
    }
  | { label: string; children: TypedDataNode[] };

/** Struct nesting the dialog shows; deeper values are refused, never flattened. */
export const MAX_TYPED_DATA_DEPTH = 4;

type Member = { name: string; type: string; contains?: string };
type Types = Record<string, readonly Member[]>;

/** SNIP-12 revision 1 preset structs (starknet.js `revisionConfiguration`). */
const PRESET_TYPES: Types = {
  u256: [
    { name: 'low', type: 'u128' },
    { name: 'high', type: 'u128' },
  ],
  TokenAmount: [
    { name: 'token_address', type: 'ContractAddress' },
    { name: 'amount', type: 'u256' },
  ],
  NftId: [
    { name: 'collection_address', type: 'ContractAddress' },
    { name: 'token_id', type: 'u256' },
  ],
};

type Walk = {
  types: Types;
  revision1: boolean;
};

/**
 * A struct's members, refusing keys its type does not hash.
 *
 * @param members - The struct type's members.
 * @param value - The struct value.
 * @param path - Path for errors.
 * @param depth - Nesting of the struct.
 * @param walk - Types and revision.
 * @returns One node per member.
 */
export function structNodes(
  members: readonly Member[],
  value: unknown,
  path: string,
  depth: number,
  walk: Walk,
): TypedDataNode[] {
  if (!isObject(value)) {
    throw new InvalidField(path, 'must be an object');
  }
  const extra = Object.keys(value).find(
    (key) => !members.some((member) => member.name === key),
  );
  if (extra !== undefined) {
    throw new InvalidField(
      `${path}.${extra}`,
      'is not a member of its type, so it would not be signed: remove it',
    );
  }
  return members.map((member) =>
    node(member, value[member.name], `${path}.${member.name}`, depth, walk),
  );
}

/**
 * An enum value (revision 1): its variant and the variant's values.
 *
 * @param member - The enum member (with `contains`).
 * @param value - `{ Variant: [values] }`.
 * @param path - Path for errors.
 * @param depth - Nesting.
 * @param walk - Types and revision.
 * @returns The variant's nodes.
 */
function enumNodes(
  member: Member,
  value: unknown,
  path: string,
  depth: number,
  walk: Walk,
): TypedDataNode[] {
  const variants = walk.types[member.contains ?? ''] ?? [];
  const entries = isObject(value) ? Object.entries(value) : [];
  const [entry] = entries;
  const variant = variants.find((item) => item.name === entry?.[0]);
  if (!entry || entries.length !== 1 || !variant || !Array.isArray(entry[1])) {
    throw new InvalidField(
      path,
      'must be one variant of its enum with its values',
    );
  }
  const itemTypes = variant.type.slice(1, -1).split(',').filter(Boolean);
  const items: unknown[] = entry[1];
  return [
    {
      label: variant.name,
      children: itemTypes.map((type, index) =>
        node(
          { name: `${index}`, type },
          items[index],
          `${path}.${variant.name}.${index}`,
          depth + 1,
          walk,
        ),
      ),
    },
  ];
}

/**
 * One member as a node: a row for a scalar, a group for a struct, array or enum.
 *
 * @param member - Its name and type.
 * @param value - Its value.
 * @param path - Path for errors.
 * @param depth - Nesting of the enclosing struct.
 * @param walk - Types and revision.
 * @returns The node.
 */
function node(
  member: Member,
  value: unknown,
  path: string,
  depth: number,
  walk: Walk,
): TypedDataNode {
  const { name: label } = member;
  const type =
    member.type === 'merkletree' ? `${member.contains ?? ''}*` : member.type;
  const struct =
    walk.types[type] ?? (walk.revision1 ? PRESET_TYPES[type] : undefined);
  const nested = struct !== undefined || type.endsWith('*') || type === 'enum';
  if (nested && depth >= MAX_TYPED_DATA_DEPTH) {
    throw new InvalidField(
      path,
      `is nested deeper than the confirmation can show (${MAX_TYPED_DATA_DEPTH} levels)`,
    );
  }
  if (struct) {
    const children = structNodes(struct, value, path, depth + 1, walk);
    return walk.types[type] === undefined && type === 'u256'
      ? { label, shown: u256Shown(value, path) }
      : { label, children };
  }
  if (type.endsWith('*')) {
    if (!Array.isArray(value)) {
      throw new InvalidField(path, 'must be an array');
    }
    const itemType = type.slice(0, -1);
    return {
      label,
      children: value.map((item: unknown, index) =>
        node(
          { name: `[${index}]`, type: itemType },
          item,
          `${path}.${index}`,
          depth + 1,
          walk,
        ),
      ),
    };
  }
  if (type === 'enum' && walk.revision1) {
    return { label, children: enumNodes(member, value, path, depth + 1, walk) };
  }
  return { label, ...scalar(type, value, path, walk.revision1) };
}

/**
 * Typed data as the dialog shows it, checked before any dialog: the domain and the
 * message member by member, each value as starknet.js hashes it. Keys a type does not
 * hash, numbers that are not numbers ("0.000001") and values nested deeper than the
 * dialog shows are refused, so nothing is shown that is not signed.
 *
 * @param data - Typed data (shape-checked and hashed once already).
 * @param field - The request's typed-data field, for errors.
 * @returns The domain's and the message's nodes.
 * @throws InvalidField (-32602) naming the field.
 */
export function describeTypedData(
  data: TypedData,
  field = 'typedDataMessage',
): { domain: TypedDataNode[]; message: TypedDataNode[] } {
  const revision1 =
    'StarknetDomain' in data.types && String(data.domain.revision) === '1';
  const walk: Walk = { types: data.types, revision1 };
  const domainType = revision1 ? 'StarknetDomain' : 'StarkNetDomain';
  const message = walk.types[data.primaryType] ?? [];
  return {
    domain: structNodes(
      walk.types[domainType] ?? [],
      data.domain,
      `${field}.domain`,
      0,
      walk,
    ),
    message: structNodes(message, data.message, `${field}.message`, 0, walk),
  };
}
