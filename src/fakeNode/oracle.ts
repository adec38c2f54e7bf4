/**
 * The Pragma oracle as deployed on Starknet (astraly-labs/pragma-oracle b02ad9e,
 * src/oracle/oracle.cairo; addresses from its deployments/{mainnet,sepolia}), at its
 * real address on each network, answering `get_data_median(DataType)` for spot pairs:
 * `PragmaPricesResponse { price: u128, decimals: u32, last_updated_timestamp: u64,
 * num_sources_aggregated: u32, expiration_timestamp: Option<u64> }`, serialized as
 * five felts and the option (variant 0 = Some, then its value). A pair with no entries
 * does not revert: price 0, decimals 0, timestamp 0, 0 sources and `Some(0)`, as
 * `get_data_median_for_sources` returns when `entries_len == 0`; a spot median also
 * carries `Some(0)`. Prices are seeded by the admin API (`setOraclePrice`).
 */
import { hash, shortString } from 'starknet';

import { genericClass } from './classes';
import type { NetworkName } from './constants';
import { ExecutionRevert } from './errors';
import type { ChainState, OracleData } from './state';

/** The oracle's address per network (docs/assets.md cites the deployments). */
export const PRAGMA_ORACLE_ADDRESSES: Record<NetworkName, bigint> = {
  mainnet: 0x2a85bd616f912537c50a49a4076db02c00b29b2cdc8a197ce92ed1837fa875bn,
  sepolia: 0x36031daa264c24520b11d93af622c848b2499b66b41d611bac95e13cfca131an,
};

/** A class hash of the fake's own for the oracle (its ABI names the one entry point). */
const ORACLE_CLASS_HASH = 0x9a6ac1e0n;

const GET_DATA_MEDIAN = BigInt(hash.getSelectorFromName('get_data_median'));

/** `DataType::SpotEntry` is the enum's first variant. */
const SPOT_ENTRY = 0n;

/**
 * Deploys the oracle, with no prices, into a genesis state.
 *
 * @param state - The state.
 * @param network - Which network (its address).
 */
export function deployOracle(state: ChainState, network: NetworkName): void {
  const address = PRAGMA_ORACLE_ADDRESSES[network];
  state.classes.set(ORACLE_CLASS_HASH, genericClass(['get_data_median']));
  state.contracts.set(address, {
    address,
    classHash: ORACLE_CLASS_HASH,
    data: { kind: 'oracle', prices: new Map() },
  });
}

/**
 * Runs an oracle entry point: `get_data_median` of a spot pair. Other data types
 * (futures, generic entries) are not modelled and revert as an unknown variant.
 *
 * @param data - The oracle's prices.
 * @param selector - Called selector.
 * @param calldata - `[variant, pair_id]`.
 * @returns The response felts, or undefined for another entry point.
 */
export function callOracle(
  data: OracleData,
  selector: bigint,
  calldata: bigint[],
): bigint[] | undefined {
  if (selector !== GET_DATA_MEDIAN) {
    return undefined;
  }
  const [variant, pair] = calldata;
  if (variant !== SPOT_ENTRY || pair === undefined || calldata.length !== 2) {
    throw new ExecutionRevert('Failed to deserialize param #1');
  }
  const entry = data.prices.get(pair);
  if (!entry) {
    return [0n, 0n, 0n, 0n, 0n, 0n];
  }
  return [entry.price, entry.decimals, entry.updated, entry.sources, 0n, 0n];
}

/**
 * The admin operation `setOraclePrice { pair, price, decimals, sources?, timestamp? }`
 * on every state of a chain (a price of 0 with 0 sources is the no-data answer).
 *
 * @param chain - The chain's states.
 * @param chain.latest - Latest state.
 * @param chain.pending - Pre-confirmed state.
 * @param chain.mempool - Mempool state.
 * @param op - The operation.
 * @param args - Its arguments.
 * @returns Null when done, undefined for another operation.
 */
export function runOracleAdmin(
  chain: { latest: ChainState; pending: ChainState; mempool: ChainState },
  op: string,
  args: Record<string, unknown>,
): null | undefined {
  if (op !== 'setOraclePrice') {
    return undefined;
  }
  const number = (key: string, fallback?: bigint): bigint => {
    const value = args[key];
    if (value === undefined && fallback !== undefined) {
      return fallback;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${key} must be a number`);
    }
    return BigInt(value);
  };
  const pair = BigInt(shortString.encodeShortString(String(args.pair)));
  const entry = {
    price: number('price'),
    decimals: number('decimals'),
    sources: number('sources', 1n),
    updated: number('timestamp', 1_700_000_000n),
  };
  for (const state of [chain.latest, chain.pending, chain.mempool]) {
    const contract = [...state.contracts.values()].find(
      (candidate) => candidate.data.kind === 'oracle',
    );
    if (contract?.data.kind === 'oracle') {
      const prices = new Map(contract.data.prices);
      prices.set(pair, entry);
      contract.data = { kind: 'oracle', prices };
    }
  }
  return null;
}

/** The oracle's part of the admin client (admin.ts). */
export type OracleClient = {
  /**
   * Sets what the Pragma oracle answers for a spot pair (`STRK/USD`): the price in
   * units of 10^-decimals, from `sources` sources (default 1) at `timestamp` (Unix
   * seconds, default a fixed one). Price 0 with 0 sources is the oracle's no-data
   * answer; a pair never set answers that too.
   */
  setOraclePrice(
    pair: string,
    price: bigint,
    decimals: number,
    options?: { sources?: number; timestamp?: number },
  ): Promise<void>;
};

/**
 * The oracle's methods of the admin client.
 *
 * @param call - The network's admin caller.
 * @returns Those methods.
 */
export function oracleMethods(
  call: (op: string, args?: object) => Promise<unknown>,
): OracleClient {
  return {
    setOraclePrice: async (pair, price, decimals, options = {}) => {
      await call('setOraclePrice', {
        pair,
        price: price.toString(),
        decimals,
        ...(options.sources === undefined ? {} : { sources: options.sources }),
        ...(options.timestamp === undefined
          ? {}
          : { timestamp: options.timestamp }),
      });
    },
  };
}
