/**
 * How the fake node's mempool receives a transaction (the 0.14 gateway's nonce rules and
 * the mempool's fee escalation); the pool itself is mempool.ts.
 */
import { admit, Rejection } from './admission';
import type { Identified } from './execute';
import { execute } from './execute';
import { shouldReplace } from './feeMarket';
import { feltHex } from './json';
import type { Pools, TxRecord } from './mempool';
import {
  expireReceived,
  heldOutcome,
  MAX_ALLOWED_NONCE_GAP,
  rebuildMempool,
  receivedTxs,
  release,
} from './mempool';
import type { Tx } from './transactions';

/**
 * Receives a transaction as the 0.14 gateway and mempool do: its nonce must be at
 * least the sender's next one after the received transactions and at most
 * {@link MAX_ALLOWED_NONCE_GAP} ahead of the account's (pre-confirmed) nonce; a nonce a
 * pooled transaction holds is taken only by fee escalation (feeMarket.ts
 * `shouldReplace`; the replaced one is gone), else 52. The rest of admission runs on
 * the mempool state. The sender's next nonce runs there at once (and releases the held
 * ones it unblocks); a later one is held.
 *
 * @param chain - The chain.
 * @param tx - The transaction.
 * @param id - Its identifiers.
 * @param receivedAt - Unix seconds now (the fake's clock).
 * @returns The stored record (RECEIVED).
 * @throws Rejection when it is not admitted.
 */
export function receive(
  chain: Pools,
  tx: Tx,
  id: Identified,
  receivedAt: number,
): TxRecord {
  expireReceived(chain);
  const pooled = receivedTxs(chain).find(
    (record) => record.payer === id.payer && record.tx.nonce === tx.nonce,
  );
  if (pooled && !shouldReplace(pooled.tx, tx)) {
    // `DuplicateNonce`, which the gateway answers as InvalidTransactionNonce.
    throw new Rejection(
      'NONCE',
      `Duplicate nonce, sender address: ${feltHex(id.payer)}, nonce: Nonce(${feltHex(tx.nonce)})`,
    );
  }
  if (pooled) {
    chain.txs.delete(pooled.hash);
    rebuildMempool(chain);
  }
  try {
    return admitReceived(chain, tx, id, receivedAt);
  } catch (error) {
    if (pooled) {
      // The replaced transaction is removed only once its replacement is admitted.
      chain.txs.set(pooled.hash, pooled);
      rebuildMempool(chain);
    }
    throw error;
  }
}

/**
 * The nonce checks and admission of a transaction whose nonce no pooled one holds.
 *
 * @param chain - The chain.
 * @param tx - The transaction.
 * @param id - Its identifiers.
 * @param receivedAt - Unix seconds now.
 * @returns The stored record.
 */
function admitReceived(
  chain: Pools,
  tx: Tx,
  id: Identified,
  receivedAt: number,
): TxRecord {
  const ready = chain.mempool.nonceOf(id.payer);
  const taken = receivedTxs(chain).some(
    (record) => record.payer === id.payer && record.tx.nonce === tx.nonce,
  );
  const held = tx.nonce > ready;
  if (
    tx.nonce < ready ||
    taken ||
    tx.nonce > chain.pending.nonceOf(id.payer) + MAX_ALLOWED_NONCE_GAP ||
    (held && tx.type === 'DEPLOY_ACCOUNT')
  ) {
    throw new Rejection(
      'NONCE',
      `Invalid transaction nonce of contract at address ${feltHex(id.payer)}. Account nonce: ${feltHex(ready)}; got: ${feltHex(tx.nonce)}.`,
    );
  }
  admit(chain.mempool, tx, id, {
    validate: true,
    strict: true,
    chargeFee: true,
    nonceChecked: true,
  });
  const record: TxRecord = {
    ...id,
    ...(held ? heldOutcome(tx) : execute(chain.mempool, tx, id, true)),
    tx,
    finality: 'RECEIVED',
    receivedAt,
    held,
  };
  chain.txs.set(id.hash, record);
  if (!held) {
    release(chain, id.payer);
  }
  return record;
}
