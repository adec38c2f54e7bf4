import type { Call as StarknetCall } from 'starknet';
import { CallData, constants, hash, stark, transaction } from 'starknet';

import { isStarknetChainId } from '../../api/chains';
import type {
  Call,
  ResourceBounds,
  TransactionDetails,
} from '../../api/transaction';
import { InvalidField } from '../../errors';
import type { CairoVersion } from '../accounts/address';
import type { NodeClient } from '../node/node';
import type { V3Fields } from '../node/wire';
import { readAccountStatusWith } from './accountStatus';
import type { SentLog } from './nonces';

/**
 * Converts the dapp's resource bounds to bigints. Not starknet.js'
 * `stark.resourceBoundsToBigInt`: that one leaves numbers as numbers, and the
 * wallet API accepts amounts as numbers too.
 *
 * @param bounds - Bounds as the dapp sent them.
 * @returns The same bounds as bigints.
 */
export function boundsToBigInt(
  bounds: ResourceBounds,
): V3Fields['resourceBounds'] {
  const one = (
    bound: ResourceBounds['l1_gas'],
  ): V3Fields['resourceBounds']['l1_gas'] => ({
    max_amount: BigInt(bound.max_amount),
    max_price_per_unit: BigInt(bound.max_price_per_unit),
  });
  return {
    l1_gas: one(bounds.l1_gas),
    l2_gas: one(bounds.l2_gas),
    l1_data_gas: one(bounds.l1_data_gas),
  };
}

/**
 * The most a V3 transaction can cost: every resource at its bound, plus the tip on
 * L2 gas.
 *
 * @param fields - Resolved V3 fields.
 * @returns The maximum fee in FRI (STRK's smallest unit).
 */
export function maxFeeOf(
  fields: Pick<V3Fields, 'resourceBounds' | 'tip'>,
): bigint {
  const { l1_gas: l1, l2_gas: l2, l1_data_gas: data } = fields.resourceBounds;
  return (
    l1.max_amount * l1.max_price_per_unit +
    l2.max_amount * (l2.max_price_per_unit + fields.tip) +
    data.max_amount * data.max_price_per_unit
  );
}

/**
 * Reads the account's next nonce: the node's at the pre-confirmed block, or one past
 * the snap's own sends the node has received but not counted yet (nonces.ts), so
 * consecutive transactions get consecutive nonces. One batched round trip.
 *
 * @param node - Node client.
 * @param address - The account.
 * @param log - Where the snap's sends on this network are recorded.
 * @returns The nonce (0 for an account not deployed yet).
 */
export async function readNonce(
  node: NodeClient,
  address: string,
  log: SentLog,
): Promise<bigint> {
  const { status } = await readAccountStatusWith(node, address, undefined, log);
  return status.nonce;
}

/**
 * The V3 fields to hash from the caller's details: every transaction type (invoke,
 * deploy, declare; signed, sent or estimated) resolves its details here.
 *
 * @param details - The caller's details, if any.
 * @param nonce - The nonce to use (the caller's, already resolved, or the node's).
 * @returns The fields; bounds are the caller's, or zero until an estimate fills them.
 */
export function v3Fields(
  details: TransactionDetails | undefined,
  nonce: bigint,
): V3Fields {
  return {
    nonce,
    resourceBounds: details?.resourceBounds
      ? boundsToBigInt(details.resourceBounds)
      : stark.zeroResourceBounds(),
    tip: BigInt(details?.tip ?? 0),
    paymasterData: details?.paymasterData ?? [],
    accountDeploymentData: details?.accountDeploymentData ?? [],
    nonceDataAvailabilityMode: stark.intDAM(
      details?.nonceDataAvailabilityMode ?? 'L1',
    ),
    feeDataAvailabilityMode: stark.intDAM(
      details?.feeDataAvailabilityMode ?? 'L1',
    ),
  };
}

/**
 * Checks details meant to be signed without sending: resource bounds must be given,
 * since the signature covers them (`maxFee`, V1's, is refused by the params struct).
 * Called before anything is asked of the node.
 *
 * @param details - The caller's details.
 * @param field - Param name of the details, for errors.
 * @throws InvalidField naming the problem.
 */
export function assertSignableV3(
  details: TransactionDetails | undefined,
  field: string,
): void {
  if (!details?.resourceBounds) {
    throw new InvalidField(
      `${field}.resourceBounds`,
      'is required to sign a V3 transaction (the signature covers the fee bounds)',
    );
  }
}

/**
 * Narrows a chain id to the ones starknet.js' hash functions accept.
 *
 * @param chainId - Hex chain id of a supported network.
 * @returns The same id, typed.
 */
export function starknetChainId(chainId: string): constants.StarknetChainId {
  if (isStarknetChainId(chainId)) {
    return chainId;
  }
  throw new InvalidField('chainId', `${chainId} is not a Starknet chain id`);
}

/**
 * The account's `__execute__` calldata for the calls. A call may carry its `selector`
 * (an outside execution signs selectors, not names): it is then used as is, where
 * starknet.js would hash the entrypoint as a name.
 *
 * @param calls - The calls.
 * @param cairoVersion - Account kind.
 * @returns Compiled calldata as decimal strings.
 */
export function executeCalldata(
  calls: readonly (Call & { selector?: string })[],
  cairoVersion: CairoVersion,
): string[] {
  if (cairoVersion === '1' && calls.some((call) => call.selector)) {
    // The same layout starknet.js compiles for Cairo 1 accounts: (to, selector, calldata)*.
    return CallData.compile({
      calls: calls.map((call) => ({
        to: call.contractAddress,
        selector: call.selector ?? hash.getSelectorFromName(call.entrypoint),
        calldata: call.calldata ?? [],
      })),
    });
  }
  const starknetCalls: StarknetCall[] = calls.map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: call.calldata ?? [],
  }));
  return transaction
    .getExecuteCalldata(starknetCalls, cairoVersion)
    .map(String);
}

/**
 * The V3 invoke transaction hash, computed with starknet.js' own function.
 *
 * @param args - Sender, calldata, chain and V3 fields.
 * @param args.senderAddress - The account.
 * @param args.calldata - Compiled `__execute__` calldata.
 * @param args.chainId - Network chain id.
 * @param args.fields - Resolved V3 fields.
 * @returns The hash.
 */
export function invokeHash(args: {
  senderAddress: string;
  calldata: string[];
  chainId: string;
  fields: V3Fields;
}): string {
  return hash.calculateInvokeTransactionHash({
    senderAddress: args.senderAddress,
    version: '0x3',
    compiledCalldata: args.calldata,
    chainId: starknetChainId(args.chainId),
    ...args.fields,
  });
}

/**
 * The V3 declare transaction hash.
 *
 * @param args - Sender, class hashes, chain and V3 fields.
 * @param args.senderAddress - The account.
 * @param args.classHash - Sierra class hash.
 * @param args.compiledClassHash - CASM class hash.
 * @param args.chainId - Network chain id.
 * @param args.fields - Resolved V3 fields.
 * @returns The hash.
 */
export function declareHash(args: {
  senderAddress: string;
  classHash: string;
  compiledClassHash: string;
  chainId: string;
  fields: V3Fields;
}): string {
  return hash.calculateDeclareTransactionHash({
    senderAddress: args.senderAddress,
    classHash: args.classHash,
    compiledClassHash: args.compiledClassHash,
    version: '0x3',
    chainId: starknetChainId(args.chainId),
    ...args.fields,
  });
}

export type { V3Fields };
