/**
 * Adding a transaction to a chain (chain.ts' `Chain.add`): the gateway's checks on the
 * committed state, then the mempool's, then mining at once when the chain auto-mines.
 */
import { Rejection } from './admission';
import type { BlockChain } from './chainBlocks';
import { mineBlock } from './chainBlocks';
import * as errors from './errors';
import { identify } from './execute';
import { marketNow } from './feeMarket';
import { addFailure, gatewayRefusal } from './gateway';
import type { TxRecord } from './mempool';
import { receive } from './mempoolReceive';
import type { Tx } from './transactions';

/**
 * The parts of a network's chain adding a transaction reads and changes: typed here so
 * that this module does not import the chain that imports it.
 */
export type AddingChain = BlockChain & { autoMine: boolean };

/**
 * Receives a transaction as a 0.14 gateway does: its stateless checks and its nonce
 * rule on the committed state first (gateway.ts), then the mempool (mempool.ts
 * `receive`): the sender's next nonce after the received ones runs on the mempool
 * state, a nonce up to 200 ahead is held until the gap fills, anything else is error
 * 52. Recorded as RECEIVED (included and mined at once with autoMine, when its turn
 * has come).
 *
 * @param chain - The chain.
 * @param tx - The transaction.
 * @returns The stored record.
 */
export function addTx(chain: AddingChain, tx: Tx): TxRecord {
  const id = identify(tx, chain.network);
  if (chain.txs.has(id.hash)) {
    throw errors.duplicateTx();
  }
  const refused = gatewayRefusal(chain.latest, tx, id.payer);
  if (refused) {
    throw refused;
  }
  let record: TxRecord;
  try {
    record = receive(chain, tx, id, marketNow(chain.fees));
  } catch (error) {
    throw error instanceof Rejection ? addFailure(error) : error;
  }
  if (chain.autoMine) {
    mineBlock(chain);
  }
  return record;
}
