import { InvalidField, SendUnconfirmed } from '../errors';
import type { SentLog } from '../starknet/sends/nonces';
import type { Sent } from '../starknet/sends/send';
import { recordsOf } from '../state/records';
import type { RpcContext } from './context';

/**
 * Finishes a send whose record is already stored: a status learned after a lost
 * answer goes into the record, and a send the node could not confirm fails the
 * request with its hash (the record stays, UNCONFIRMED, for getTransactions and
 * getTransactionStatus to settle), so the dapp follows it instead of paying twice.
 * A send whose answer named another hash (address, class hash) than the snap computed
 * fails too, after its record was stored under the computed hash.
 *
 * @param ctx - Request context.
 * @param sent - What became of the send.
 * @throws SendUnconfirmed when the node could not tell.
 * @throws NodeAnswerDisputed when the node's answer differs from what the snap computed.
 */
export async function settleSent(ctx: RpcContext, sent: Sent): Promise<void> {
  if (sent.status !== 'RECEIVED') {
    const { chainId } = ctx.network;
    await ctx.store.update((state) => {
      for (const record of recordsOf(state, chainId)) {
        if (record.txnHash === sent.txHash) {
          record.status = sent.status;
        }
      }
    });
  }
  if (sent.unconfirmed) {
    throw new SendUnconfirmed(sent.txHash, { cause: sent.unconfirmed });
  }
  if (sent.disputed) {
    throw sent.disputed;
  }
}

/**
 * Where the request's network keeps the snap's sends, for the next nonce.
 *
 * @param ctx - Request context.
 * @returns The store and the network's chain id.
 */
export function sentLog(ctx: RpcContext): SentLog {
  return { store: ctx.store, chainId: ctx.network.chainId };
}

/**
 * Runs a task that plans and sends transactions from one account once every other
 * such task of that account has finished. The nonce is taken while planning (from the
 * node and the records of earlier sends), so overlapping sends would sign the same
 * nonce and the node would refuse all but one; this way the next request plans (and
 * shows its dialog) after the previous one was sent and recorded, and gets the next
 * nonce.
 *
 * @param ctx - Request context (network and store).
 * @param address - The sending account, normalized.
 * @param task - Planning, dialog and sending.
 * @returns The task's result.
 */
export async function sendingFrom<Result>(
  ctx: RpcContext,
  address: string,
  task: () => Promise<Result>,
): Promise<Result> {
  return ctx.sendLock.exclusive(`send ${ctx.network.chainId} ${address}`, task);
}

/**
 * The sending account of a signing request: `address`, or `senderAddress` as the
 * interface's samples send it. Both may be given only if they agree.
 *
 * @param params - Request params.
 * @param params.address - Sender as `address`.
 * @param params.senderAddress - Sender as `senderAddress`.
 * @returns The sender address.
 * @throws InvalidField when neither is given or they disagree.
 */
export function senderOf(params: {
  address?: string | undefined;
  senderAddress?: string | undefined;
}): { address: string; field: string } {
  const { address, senderAddress } = params;
  if (address && senderAddress && address !== senderAddress) {
    throw new InvalidField('senderAddress', 'differs from address');
  }
  if (address) {
    return { address, field: 'address' };
  }
  if (senderAddress) {
    return { address: senderAddress, field: 'senderAddress' };
  }
  throw new InvalidField('address', 'is required (the sending account)');
}
