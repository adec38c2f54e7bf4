import { type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { bigIntToHex } from '@metamask/utils';

import type {
  DeclareContractParams,
  DeclareContractResult,
} from '../api/declareContract';
import { toFelt64 } from '../api/felt';
import { toWireFelt } from '../api/felt';
import { InvalidField, UserRejected } from '../errors';
import type { AccountKeys } from '../keys/derive';
import { findWalletAccount, unlockAccount } from '../starknet/accounts';
import type { AccountStatus } from '../starknet/accountStatus';
import { readAccountStatusWith } from '../starknet/accountStatus';
import type { PreparedClass } from '../starknet/contractClass';
import { prepareClass } from '../starknet/contractClass';
import { estimateFront } from '../starknet/deploy';
import { estimateCall, readEstimates } from '../starknet/fees';
import { isNodeError, nodeCall } from '../starknet/node';
import { sendNonce } from '../starknet/noncePolicy';
import type { Sent } from '../starknet/send';
import { sendTransaction } from '../starknet/send';
import { signHash } from '../starknet/signature';
import { STRK } from '../starknet/tokens';
import type { V3Fields } from '../starknet/transactions';
import { declareHash, maxFeeOf, v3Fields } from '../starknet/transactions';
import { V3, V3_QUERY, declareTx } from '../starknet/wire';
import { receivedRecord, saveRecord } from '../state/records';
import type { AccountRecord } from '../state/types';
import { formatTokenAmount } from '../ui/format';
import { confirm } from '../ui/show';
import { SignDeclareDialog } from '../ui/SignDeclareDialog';
import type { RpcContext } from './context';
import { sendingFrom, sentLog, settleSent } from './sender';

/**
 * `snapnet_declareContract`: declares a Sierra class from a deployed wallet account
 * after the user approved it. The snap computes the class hash itself; a class the
 * network already has is refused before any dialog.
 *
 * @param params - Sender, contract payload and details.
 * @param ctx - Request context.
 * @returns The declare transaction hash and the class hash.
 */
export async function declareContract(
  params: DeclareContractParams,
  ctx: RpcContext,
): Promise<DeclareContractResult> {
  // One send at a time per account (see sendingFrom): the nonce is read here too.
  return sendingFrom(ctx, params.senderAddress, async () =>
    sendDeclaration(params, ctx),
  );
}

/** The sender of a declaration and the class it declares. */
type Declaration = {
  record: AccountRecord;
  prepared: PreparedClass;
};

/**
 * Checks, confirms, sends and records one declaration.
 *
 * @param params - Sender, contract payload and details.
 * @param ctx - Request context.
 * @returns The declare transaction hash and the class hash.
 */
async function sendDeclaration(
  params: DeclareContractParams,
  ctx: RpcContext,
): Promise<DeclareContractResult> {
  const { declaration, status } = await checkDeclarable(params, ctx);
  const fields = await planDeclaration(ctx, params, declaration, status);
  await confirmDeclaration(ctx, declaration, fields);
  // The key exists only once the user approved, and only if it is the sender's.
  const keys = await unlockAccount(ctx, declaration.record);
  const { txHash, sent } = await submitDeclaration(
    ctx,
    declaration,
    fields,
    keys,
  );
  await recordDeclaration(ctx, declaration, { txHash, nonce: fields.nonce });
  await settleSent(ctx, sent);
  return {
    transaction_hash: txHash,
    class_hash: declaration.prepared.classHash,
  };
}

/**
 * Finds sender and class; refuses an undeployed sender or a known class.
 *
 * @param params - Sender, contract payload and details.
 * @param ctx - Request context.
 * @returns The declaration and the sender's status.
 */
async function checkDeclarable(
  params: DeclareContractParams,
  ctx: RpcContext,
): Promise<{ declaration: Declaration; status: AccountStatus }> {
  const { record } = await findWalletAccount(
    ctx,
    params.senderAddress,
    'senderAddress',
  );
  const prepared = prepareClass(params.contractPayload);
  const { status, extra: known } = await readAccountStatusWith(
    ctx.node,
    record.address,
    // Only whether the class exists matters: any object answer means it does.
    nodeCall(
      'starknet_getClass',
      {
        block_id: 'pre_confirmed',
        class_hash: toWireFelt(prepared.classHash),
      },
      type({}),
    ),
    sentLog(ctx),
  );
  // A deployment the node received counts: the declaration goes after it.
  if (!status.deployed && !status.deploying) {
    throw new InvalidField(
      'senderAddress',
      'is not deployed yet; deploy it first (snapnet_createAccount with deploy: true, or any snapnet_executeTxn)',
    );
  }
  if (known?.ok) {
    throw new InvalidField(
      'contractPayload',
      `class ${prepared.classHash} is already declared on ${ctx.network.name}`,
    );
  }
  if (known && !known.ok && !isNodeError(known.error, 'CLASS_HASH_NOT_FOUND')) {
    throw known.error;
  }
  return { declaration: { record, prepared }, status };
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
 * @param ctx - Request context.
 * @param params - The request, for the caller's transaction details.
 * @param declaration - Sender and class.
 * @param status - The sender's status.
 * @returns The fields.
 */
async function planDeclaration(
  ctx: RpcContext,
  params: DeclareContractParams,
  declaration: Declaration,
  status: AccountStatus,
): Promise<V3Fields> {
  const details = params.invocationsDetails;
  const fields = v3Fields(
    details,
    sendNonce(details?.nonce, status.nonce, 'invocationsDetails.nonce'),
  );
  if (!details?.resourceBounds) {
    const front = estimateFront(declaration.record, status);
    const [estimate] = readEstimates(
      await ctx.node.send(
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
 * Shows the declaration dialog.
 *
 * @param ctx - Request context.
 * @param declaration - Sender and class.
 * @param fields - The declaration's fields.
 * @throws UserRejected when the user declines.
 */
async function confirmDeclaration(
  ctx: RpcContext,
  declaration: Declaration,
  fields: V3Fields,
): Promise<void> {
  const { record, prepared } = declaration;
  const translate = await ctx.t();
  const approved = await confirm(
    <SignDeclareDialog
      translate={translate}
      sending={true}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      classHash={prepared.classHash}
      compiledClassHash={prepared.compiledClassHash}
      maxFee={formatTokenAmount(maxFeeOf(fields), STRK, translate)}
      nonce={fields.nonce.toString()}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the declaration.');
  }
}

/**
 * Signs and sends the declaration; a class declared meanwhile is the caller's error.
 *
 * @param ctx - Request context.
 * @param declaration - Sender and class.
 * @param fields - The declaration's fields.
 * @param keys - The sender's keys, unlocked after the approval.
 * @returns The transaction hash and what became of it.
 */
async function submitDeclaration(
  ctx: RpcContext,
  declaration: Declaration,
  fields: V3Fields,
  keys: AccountKeys,
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
  try {
    const sent = await sendTransaction(
      ctx.node,
      'starknet_addDeclareTransaction',
      {
        declare_transaction: declareWire(
          declaration,
          fields,
          V3,
          signHash(txHash, keys.privateKey),
        ),
      },
      { txHash, classHash: prepared.classHash },
    );
    return { txHash, sent };
  } catch (error) {
    if (isNodeError(error, 'CLASS_ALREADY_DECLARED')) {
      throw new InvalidField(
        'contractPayload',
        `class ${prepared.classHash} is already declared on ${ctx.network.name}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Records the sent declaration in the transaction list.
 *
 * @param ctx - Request context.
 * @param declaration - Sender and class.
 * @param sent - What was sent.
 * @param sent.txHash - The declare transaction hash.
 * @param sent.nonce - The nonce it was signed with.
 */
async function recordDeclaration(
  ctx: RpcContext,
  declaration: Declaration,
  { txHash, nonce }: { txHash: string; nonce: bigint },
): Promise<void> {
  const { record, prepared } = declaration;
  await saveRecord(
    ctx.store,
    receivedRecord({
      txnHash: txHash,
      txnType: 'declare',
      senderAddress: record.address,
      contractAddress: prepared.classHash,
      contractFuncName: '',
      contractCallData: [prepared.classHash, prepared.compiledClassHash],
      chainId: ctx.network.chainId,
      nonce: bigIntToHex(nonce),
    }),
  );
}
