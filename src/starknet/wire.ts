import type { Json } from '@metamask/utils';
import { stark } from 'starknet';

import { wireFelt } from './calls';
import type { V3Fields } from './transactions';

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
    signature: signature.map(wireFelt),
    nonce: wireFelt(fields.nonce),
    resource_bounds: { l1_gas: l1, l2_gas: l2, l1_data_gas: data },
    tip: wireFelt(fields.tip),
    paymaster_data: fields.paymasterData.map(wireFelt),
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
    sender_address: wireFelt(args.senderAddress),
    calldata: args.calldata.map(wireFelt),
    account_deployment_data: args.fields.accountDeploymentData.map(wireFelt),
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
    class_hash: wireFelt(args.classHash),
    contract_address_salt: wireFelt(args.salt),
    constructor_calldata: args.constructorCalldata.map(wireFelt),
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
    sender_address: wireFelt(args.senderAddress),
    compiled_class_hash: wireFelt(args.compiledClassHash),
    contract_class: args.contractClass,
    account_deployment_data: args.fields.accountDeploymentData.map(wireFelt),
    ...common(args.fields, args.version, args.signature),
  };
}
