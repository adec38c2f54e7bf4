import type { Json } from '@metamask/utils';
import { stark } from 'starknet';

import { toWireFelt } from '../../api/felt';

/** V3 fields every transaction hash covers, resolved from the caller's details. */
export type V3Fields = {
  nonce: bigint;
  resourceBounds: {
    // eslint-disable-next-line @typescript-eslint/naming-convention
    l1_gas: { max_amount: bigint; max_price_per_unit: bigint };
    // eslint-disable-next-line @typescript-eslint/naming-convention
    l2_gas: { max_amount: bigint; max_price_per_unit: bigint };
    // eslint-disable-next-line @typescript-eslint/naming-convention
    l1_data_gas: { max_amount: bigint; max_price_per_unit: bigint };
  };
  tip: bigint;
  paymasterData: string[];
  accountDeploymentData: string[];
  nonceDataAvailabilityMode: 0 | 1;
  feeDataAvailabilityMode: 0 | 1;
};

/**
 * Transactions to simulate, and the snap's own sends the node received but does not
 * count yet, which must run in front of them (a node cannot simulate for an undeployed
 * sender). The results of those in front are dropped.
 */
export type PlanWire = {
  front: Record<string, Json>[];
  plan: Record<string, Json>[];
};

/**
 * Transactions as the node's JSON-RPC (spec 0.10) takes them: hex felts, RPC-shaped
 * resource bounds, `L1`/`L2` data-availability modes.
 */

/** Version of a real V3 transaction. */
export const V3 = '0x3';
/** Version of a V3 transaction used only to estimate: it can never be replayed. */
export const V3_QUERY = '0x100000000000000000000000000000003';

/**
 * The V3 fields every transaction type shares, in wire form.
 *
 * @param fields - Resolved V3 fields.
 * @param version - `V3`, or `V3_QUERY` for estimates.
 * @param signature - Signature, empty for estimates.
 * @returns The common members.
 */
function common(
  fields: V3Fields,
  version: string,
  signature: string[],
): Record<string, Json> {
  const mode = (value: 0 | 1): string => (value === 0 ? 'L1' : 'L2');
  const {
    l1_gas: l1,
    l2_gas: l2,
    l1_data_gas: data,
  } = stark.resourceBoundsToHexString(fields.resourceBounds);
  return {
    version,
    signature: signature.map(toWireFelt),
    nonce: toWireFelt(fields.nonce),
    resource_bounds: { l1_gas: l1, l2_gas: l2, l1_data_gas: data },
    tip: toWireFelt(fields.tip),
    paymaster_data: fields.paymasterData.map(toWireFelt),
    nonce_data_availability_mode: mode(fields.nonceDataAvailabilityMode),
    fee_data_availability_mode: mode(fields.feeDataAvailabilityMode),
  };
}

/**
 * An INVOKE V3 transaction.
 *
 * @param args - Sender, compiled calldata, fields, version and signature.
 * @param args.senderAddress - The account.
 * @param args.calldata - `__execute__` calldata.
 * @param args.fields - V3 fields.
 * @param args.version - `V3` or `V3_QUERY`.
 * @param args.signature - `[r, s]`, or empty for estimates.
 * @returns The wire transaction.
 */
export function invokeTx(args: {
  senderAddress: string;
  calldata: string[];
  fields: V3Fields;
  version: string;
  signature: string[];
}): Record<string, Json> {
  return {
    type: 'INVOKE',
    sender_address: toWireFelt(args.senderAddress),
    calldata: args.calldata.map(toWireFelt),
    account_deployment_data: args.fields.accountDeploymentData.map(toWireFelt),
    ...common(args.fields, args.version, args.signature),
  };
}

/**
 * A DEPLOY_ACCOUNT V3 transaction.
 *
 * @param args - Class, salt, constructor calldata, fields, version and signature.
 * @param args.classHash - Account class.
 * @param args.salt - Address salt.
 * @param args.constructorCalldata - Constructor arguments.
 * @param args.fields - V3 fields.
 * @param args.version - `V3` or `V3_QUERY`.
 * @param args.signature - `[r, s]`, or empty for estimates.
 * @returns The wire transaction.
 */
export function deployAccountTx(args: {
  classHash: string;
  salt: string;
  constructorCalldata: string[];
  fields: V3Fields;
  version: string;
  signature: string[];
}): Record<string, Json> {
  return {
    type: 'DEPLOY_ACCOUNT',
    class_hash: toWireFelt(args.classHash),
    contract_address_salt: toWireFelt(args.salt),
    constructor_calldata: args.constructorCalldata.map(toWireFelt),
    ...common(args.fields, args.version, args.signature),
  };
}

/**
 * A DECLARE V3 transaction with the uncompressed Sierra class (the snap's runtime
 * has no CompressionStream, and spec 0.10 takes the class as is).
 *
 * @param args - Sender, class, compiled class hash, fields, version and signature.
 * @param args.senderAddress - The account.
 * @param args.contractClass - Sierra class in wire form (ABI as a string).
 * @param args.compiledClassHash - CASM class hash.
 * @param args.fields - V3 fields.
 * @param args.version - `V3` or `V3_QUERY`.
 * @param args.signature - `[r, s]`, or empty for estimates.
 * @returns The wire transaction.
 */
export function declareTx(args: {
  senderAddress: string;
  contractClass: Json;
  compiledClassHash: string;
  fields: V3Fields;
  version: string;
  signature: string[];
}): Record<string, Json> {
  return {
    type: 'DECLARE',
    sender_address: toWireFelt(args.senderAddress),
    compiled_class_hash: toWireFelt(args.compiledClassHash),
    contract_class: args.contractClass,
    account_deployment_data: args.fields.accountDeploymentData.map(toWireFelt),
    ...common(args.fields, args.version, args.signature),
  };
}
