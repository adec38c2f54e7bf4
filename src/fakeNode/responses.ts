/**
 * JSON shapes of the node's answers (spec 0.10): transactions, receipts, block headers,
 * fee estimates and simulation traces. Felts are minimal hex; counts are numbers.
 */
import type { Block, Chain, TxRecord } from './chain';
import type { GasUsage } from './constants';
import { GAS_PRICES, SEQUENCER_ADDRESS, STARKNET_VERSION } from './constants';
import type { Json, JsonObject } from './json';
import { feltHex, feltHexes } from './json';
import type { Bounds } from './transactions';

/**
 * Resource bounds as the spec writes them.
 *
 * @param bounds - Parsed bounds.
 * @returns The JSON object.
 */
function boundsJson(bounds: Bounds): JsonObject {
  const one = (bound: Bounds['l1Gas']): JsonObject => ({
    max_amount: feltHex(bound.maxAmount),
    max_price_per_unit: feltHex(bound.maxPrice),
  });
  return {
    l1_gas: one(bounds.l1Gas),
    l2_gas: one(bounds.l2Gas),
    l1_data_gas: one(bounds.l1DataGas),
  };
}

/**
 * A transaction with its hash (TXN_WITH_HASH). Declares carry their class hash, not
 * the class.
 *
 * @param record - The accepted transaction.
 * @returns The JSON object.
 */
export function txJson(record: TxRecord): JsonObject {
  const { tx } = record;
  const common: JsonObject = {
    transaction_hash: feltHex(record.hash),
    type: tx.type,
    version: feltHex(tx.version),
    signature: feltHexes(tx.signature),
    nonce: feltHex(tx.nonce),
    resource_bounds: boundsJson(tx.bounds),
    tip: feltHex(tx.tip),
    paymaster_data: feltHexes(tx.paymasterData),
    nonce_data_availability_mode: tx.nonceDa,
    fee_data_availability_mode: tx.feeDa,
  };
  if (tx.type === 'INVOKE') {
    return {
      ...common,
      sender_address: feltHex(tx.sender),
      calldata: feltHexes(tx.calldata),
      account_deployment_data: feltHexes(tx.accountDeploymentData),
    };
  }
  if (tx.type === 'DEPLOY_ACCOUNT') {
    return {
      ...common,
      class_hash: feltHex(tx.classHash),
      contract_address_salt: feltHex(tx.salt),
      constructor_calldata: feltHexes(tx.constructorCalldata),
    };
  }
  return {
    ...common,
    sender_address: feltHex(tx.sender),
    class_hash: feltHex(record.classHash ?? 0n),
    compiled_class_hash: feltHex(tx.compiledClassHash),
    account_deployment_data: feltHexes(tx.accountDeploymentData),
  };
}

/**
 * Gas used, as EXECUTION_RESOURCES.
 *
 * @param gas - Gas usage.
 * @returns The JSON object.
 */
function resourcesJson(gas: GasUsage): JsonObject {
  return {
    l1_gas: Number(gas.l1Gas),
    l1_data_gas: Number(gas.l1DataGas),
    l2_gas: Number(gas.l2Gas),
  };
}

/**
 * A receipt; mined transactions carry their block hash, pre-confirmed ones only the
 * number of the block being built.
 *
 * @param chain - The chain (for block hashes).
 * @param record - The transaction.
 * @returns The JSON object.
 */
export function receiptJson(chain: Chain, record: TxRecord): JsonObject {
  const mined = record.blockNumber !== undefined;
  return {
    type: record.tx.type,
    transaction_hash: feltHex(record.hash),
    actual_fee: { amount: feltHex(record.fee), unit: 'FRI' },
    execution_status: record.execution,
    finality_status: mined ? 'ACCEPTED_ON_L2' : 'PRE_CONFIRMED',
    ...(record.blockNumber === undefined
      ? { block_number: chain.latestNumber + 1 }
      : {
          block_number: record.blockNumber,
          block_hash: feltHex(chain.blockHash(record.blockNumber)),
        }),
    messages_sent: [],
    events: record.events.map((event) => ({
      from_address: feltHex(event.fromAddress),
      keys: feltHexes(event.keys),
      data: feltHexes(event.data),
    })),
    execution_resources: resourcesJson(record.gas),
    ...(record.revertReason === undefined
      ? {}
      : { revert_reason: record.revertReason }),
    ...(record.tx.type === 'DEPLOY_ACCOUNT'
      ? { contract_address: feltHex(record.payer) }
      : {}),
  };
}

/**
 * Header fields shared by mined and pre-confirmed blocks.
 *
 * @param number - Block number.
 * @param timestamp - Block time.
 * @returns The JSON fields.
 */
function commonHeader(number: number, timestamp: number): JsonObject {
  const price = (value: { fri: bigint; wei: bigint }): JsonObject => ({
    price_in_fri: feltHex(value.fri),
    price_in_wei: feltHex(value.wei),
  });
  return {
    block_number: number,
    timestamp,
    sequencer_address: feltHex(SEQUENCER_ADDRESS),
    l1_gas_price: price(GAS_PRICES.l1Gas),
    l2_gas_price: price(GAS_PRICES.l2Gas),
    l1_data_gas_price: price(GAS_PRICES.l1DataGas),
    l1_da_mode: 'BLOB',
    starknet_version: STARKNET_VERSION,
  };
}

/** How much of each transaction a block answer carries. */
export type BlockDetail = 'hashes' | 'txs' | 'receipts';

/**
 * The transactions of a block in the requested detail.
 *
 * @param chain - The chain.
 * @param hashes - Transaction hashes.
 * @param detail - Hashes, transactions, or transactions with receipts.
 * @returns The JSON list.
 */
function blockTxs(chain: Chain, hashes: bigint[], detail: BlockDetail): Json[] {
  return hashes.flatMap((txHash): Json[] => {
    const record = chain.txs.get(txHash);
    if (!record) {
      return [];
    }
    if (detail === 'hashes') {
      return [feltHex(txHash)];
    }
    if (detail === 'txs') {
      return [txJson(record)];
    }
    return [
      { transaction: txJson(record), receipt: receiptJson(chain, record) },
    ];
  });
}

/**
 * A mined block (BLOCK_WITH_TX_HASHES / BLOCK_WITH_TXS / BLOCK_WITH_RECEIPTS).
 *
 * @param chain - The chain.
 * @param block - The block.
 * @param detail - Transaction detail.
 * @returns The JSON object.
 */
export function blockJson(
  chain: Chain,
  block: Block,
  detail: BlockDetail,
): JsonObject {
  const events = block.txs.reduce(
    (sum, txHash) => sum + (chain.txs.get(txHash)?.events.length ?? 0),
    0,
  );
  return {
    status: 'ACCEPTED_ON_L2',
    block_hash: feltHex(block.hash),
    parent_hash: feltHex(block.parentHash),
    new_root: feltHex(block.hash / 2n),
    ...commonHeader(block.number, block.timestamp),
    event_commitment: '0x0',
    transaction_commitment: '0x0',
    receipt_commitment: '0x0',
    state_diff_commitment: '0x0',
    event_count: events,
    transaction_count: block.txs.length,
    state_diff_length: 0,
    transactions: blockTxs(chain, block.txs, detail),
  };
}

/**
 * The pre-confirmed block: the next number, with the accepted, unmined transactions.
 *
 * @param chain - The chain.
 * @param detail - Transaction detail.
 * @returns The JSON object.
 */
export function pendingBlockJson(
  chain: Chain,
  detail: BlockDetail,
): JsonObject {
  return {
    ...commonHeader(chain.latestNumber + 1, Math.floor(Date.now() / 1000)),
    transactions: blockTxs(chain, chain.pendingTxs(), detail),
  };
}

/**
 * A spec-0.10 FEE_ESTIMATE for gas usage at the block prices (unit FRI).
 *
 * @param gas - Gas usage.
 * @param l2Price - The L2 gas price of the next block (feeMarket.ts), FRI.
 * @returns The JSON object.
 */
export function feeEstimateJson(
  gas: GasUsage,
  l2Price = GAS_PRICES.l2Gas.fri,
): JsonObject {
  const overall =
    gas.l1Gas * GAS_PRICES.l1Gas.fri +
    gas.l2Gas * l2Price +
    gas.l1DataGas * GAS_PRICES.l1DataGas.fri;
  return {
    l1_gas_consumed: feltHex(gas.l1Gas),
    l1_gas_price: feltHex(GAS_PRICES.l1Gas.fri),
    l2_gas_consumed: feltHex(gas.l2Gas),
    l2_gas_price: feltHex(l2Price),
    l1_data_gas_consumed: feltHex(gas.l1DataGas),
    l1_data_gas_price: feltHex(GAS_PRICES.l1DataGas.fri),
    overall_fee: feltHex(overall),
    unit: 'FRI',
  };
}
