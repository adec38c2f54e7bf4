import { type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { bigIntToHex } from '@metamask/utils';

import type { DeclareContractParams } from '../../api/declareContract';
import { toFelt64, toWireFelt } from '../../api/felt';
import { InvalidField } from '../../errors';
import { receivedRecord } from '../../state/records';
import type { AccountRecord, TransactionRecord } from '../../state/types';
import { signHash } from '../accounts/signature';
import { balanceCall, NodeFeltStruct } from '../node/calls';
import type { Network } from '../node/networks';
import type { NodeClient, NodeOutcome } from '../node/node';
import { isNodeError, nodeCall } from '../node/node';
import { V3, V3_QUERY, declareTx } from '../node/wire';
import { STRK } from '../tokens/tokens';
import type { AccountStatus } from './accountStatus';
import { readAccountStatusAlong } from './accountStatus';
import type { PreparedClass } from './contractClass';
import { prepareClass } from './contractClass';
import { estimateFront } from './deploy';
import { estimateCall, readEstimates } from './fees';
import { sendNonce } from './noncePolicy';
import type { SentLog } from './nonces';
import type { Sent } from './send';
import { sendTransaction } from './send';
import type { V3Fields } from './transactions';
import { declareHash, v3Fields } from './transactions';

// The Starknet work of snapnet_declareContract (src/rpc/declareContract.tsx keeps the
// request's steps, the dialog and the key): which class, whether it may be declared,
// its fields, hash, signature, send and record.

/** The sender of a declaration and the class it declares. */
export type Declaration = {
  record: AccountRecord;
  prepared: PreparedClass;
};

/** What declaring needs of a request: its network, node and record of sends. */
export type DeclareContext = {
  network: Network;
  node: NodeClient;
  log: SentLog;
};

// The refusal of a class the network has already (before the dialog or at the send).
const alreadyDeclared = (
  classHash: string,
  network: Network,
  cause?: unknown,
): InvalidField =>
  new InvalidField(
    'contractPayload',
    `class ${classHash} is already declared on ${network.name}`,
    { cause },
  );

/**
 * A declare is signed only at the account's committed nonce: the 0.14 gateway refuses
 * one at any other nonce (`reject_future_declare_txs`: "Invalid transaction nonce.
 * Expected: nonce = N") after the user signed; so with sends not in a block yet, it is
 * refused before any dialog, naming them.
 *
 * @param status - The sender's status (next nonce, the snap's pending sends).
 * @param committed - The node's answer for the nonce at the latest block.
 * @throws InvalidField naming `senderAddress`, or the node's error.
 */
function assertCommitted(
  status: AccountStatus,
  committed: NodeOutcome<unknown> | undefined,
): void {
  if (
    committed &&
    !committed.ok &&
    !isNodeError(committed.error, 'CONTRACT_NOT_FOUND')
  ) {
    throw committed.error;
  }
  const nonce =
    committed?.ok && typeof committed.result === 'string'
      ? BigInt(committed.result)
      : 0n;
  if (nonce === status.nonce) {
    return;
  }
  const pending = status.pendingSends ?? [];
  const which =
    pending.length > 0
      ? `has sends not in a block yet: ${pending.join(', ')}`
      : `has transactions not in a block yet (the last block counts nonce ${nonce}, the next is ${status.nonce})`;
  throw new InvalidField(
    'senderAddress',
    `${which}. The Starknet gateway takes a declaration only at the account's committed nonce (${nonce}), so nothing was signed: declare again once they are accepted.`,
  );
}

/**
 * Computes the class hash itself and reads, in one node round trip, the sender's
 * status, whether the network has the class and the sender's STRK balance: an
 * undeployed sender or a known class is refused before any dialog.
 *
 * @param ctx - Network, node and record of sends.
 * @param record - The sending wallet account.
 * @param contractPayload - The Sierra class as the dapp sent it.
 * @returns The declaration, the sender's status and STRK balance (undefined: unread).
 * @throws InvalidField naming `senderAddress` or `contractPayload`.
 */
export async function checkDeclarable(
  ctx: DeclareContext,
  record: AccountRecord,
  contractPayload: DeclareContractParams['contractPayload'],
): Promise<{
  declaration: Declaration;
  status: AccountStatus;
  strk: bigint | undefined;
}> {
  const prepared = prepareClass(contractPayload);
  const { status, extras } = await readAccountStatusAlong<unknown>(
    ctx.node,
    record.address,
    [
      // Only whether the class exists matters: any object answer means it does.
      nodeCall(
        'starknet_getClass',
        {
          block_id: 'pre_confirmed',
          class_hash: toWireFelt(prepared.classHash),
        },
        type({}),
      ),
      // What a charged simulation would check: STRK covers the maximal fee.
      balanceCall(STRK.address, record.address),
      // The gateway checks a declare's nonce against the last block (committed).
      nodeCall(
        'starknet_getNonce',
        { block_id: 'latest', contract_address: toWireFelt(record.address) },
        NodeFeltStruct,
      ),
    ],
    ctx.log,
  );
  const [known, balance, committed] = extras;
  // A deployment the node received counts: the declaration goes after it.
  if (!status.deployed && !status.deploying) {
    throw new InvalidField(
      'senderAddress',
      'is not deployed yet; deploy it first (snapnet_createAccount with deploy: true, or any snapnet_executeTxn)',
    );
  }
  if (known?.ok) {
    throw alreadyDeclared(prepared.classHash, ctx.network);
  }
  if (known && !known.ok && !isNodeError(known.error, 'CLASS_HASH_NOT_FOUND')) {
    throw known.error;
  }
  assertCommitted(status, committed);
  return {
    declaration: { record, prepared },
    status,
    strk:
      balance?.ok && typeof balance.result === 'string'
        ? BigInt(balance.result)
        : undefined,
  };
}

/**
 * The declare transaction on the wire.
 *
 * @param declaration - Sender and class.
 * @param fields - V3 fields.
 * @param version - Transaction version (query or real).
 * @param signature - Signature; empty for an estimate.
 * @returns The transaction.
 */
function declareWire(
  declaration: Declaration,
  fields: V3Fields,
  version: string,
  signature: string[],
): Record<string, Json> {
  return declareTx({
    senderAddress: declaration.record.address,
    contractClass: declaration.prepared.wire,
    compiledClassHash: declaration.prepared.compiledClassHash,
    fields,
    version,
    signature,
  });
}

/**
 * The declaration's V3 fields: the account's next nonce (a caller's other one is
 * refused, noncePolicy.ts), and the caller's bounds or the node's estimate.
 *
 * @param node - Node client.
 * @param details - The caller's transaction details.
 * @param declaration - Sender and class.
 * @param status - The sender's status.
 * @returns The fields.
 */
export async function planDeclaration(
  node: NodeClient,
  details: DeclareContractParams['invocationsDetails'],
  declaration: Declaration,
  status: AccountStatus,
): Promise<V3Fields> {
  const fields = v3Fields(
    details,
    sendNonce(details?.nonce, status.nonce, 'invocationsDetails.nonce'),
  );
  if (!details?.resourceBounds) {
    const front = estimateFront(declaration.record, status);
    const [estimate] = readEstimates(
      await node.send(
        estimateCall([
          ...front,
          declareWire(declaration, fields, V3_QUERY, []),
        ]),
      ),
    ).slice(front.length);
    if (estimate) {
      fields.resourceBounds = estimate.bounds;
    }
  }
  return fields;
}

/**
 * Hashes, signs and sends the declaration; a class declared meanwhile is the caller's
 * error. The hash is the snap's own: the node's answer is checked against it.
 *
 * @param ctx - Network and node.
 * @param declaration - Sender and class.
 * @param fields - The declaration's fields.
 * @param privateKey - The sender's key, unlocked after the user approved.
 * @returns The transaction hash and what became of it.
 */
export async function submitDeclaration(
  ctx: Pick<DeclareContext, 'network' | 'node'>,
  declaration: Declaration,
  fields: V3Fields,
  privateKey: string,
): Promise<{ txHash: string; sent: Sent }> {
  const { record, prepared } = declaration;
  const txHash = toFelt64(
    declareHash({
      senderAddress: record.address,
      classHash: prepared.classHash,
      compiledClassHash: prepared.compiledClassHash,
      chainId: ctx.network.chainId,
      fields,
    }),
  );
  const signature = signHash(txHash, privateKey);
  try {
    const sent = await sendTransaction(
      ctx.node,
      'starknet_addDeclareTransaction',
      { declare_transaction: declareWire(declaration, fields, V3, signature) },
      { txHash, classHash: prepared.classHash },
    );
    return { txHash, sent };
  } catch (error) {
    if (isNodeError(error, 'CLASS_ALREADY_DECLARED')) {
      throw alreadyDeclared(prepared.classHash, ctx.network, error);
    }
    throw error;
  }
}

/**
 * The transaction record of a sent declaration (RECEIVED).
 *
 * @param declaration - Sender and class.
 * @param chainId - The network's chain id.
 * @param sent - What was sent.
 * @param sent.txHash - The declare transaction hash.
 * @param sent.nonce - The nonce it was signed with.
 * @returns The record to save.
 */
export function declarationRecord(
  declaration: Declaration,
  chainId: string,
  { txHash, nonce }: { txHash: string; nonce: bigint },
): TransactionRecord {
  const { record, prepared } = declaration;
  return receivedRecord({
    txnHash: txHash,
    txnType: 'declare',
    senderAddress: record.address,
    contractAddress: prepared.classHash,
    contractFuncName: '',
    contractCallData: [prepared.classHash, prepared.compiledClassHash],
    chainId,
    nonce: bigIntToHex(nonce),
  });
}
