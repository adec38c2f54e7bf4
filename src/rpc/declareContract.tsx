import type {
  DeclareContractParams,
  DeclareContractResult,
} from '../api/declareContract';
import type { AccountKeys } from '../keys/derive';
import { findWalletAccount } from '../starknet/accounts/accounts';
import type { Declaration } from '../starknet/sends/declare';
import {
  checkDeclarable,
  declarationRecord,
  planDeclaration,
  submitDeclaration,
} from '../starknet/sends/declare';
import type { V3Fields } from '../starknet/sends/transactions';
import { maxFeeOf } from '../starknet/sends/transactions';
import { STRK } from '../starknet/tokens/tokens';
import { saveRecord } from '../state/records';
import { formatTokenAmount } from '../ui/format';
import { SignDeclareDialog } from '../ui/SignDeclareDialog';
import { approveThenUnlock } from './approve';
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
  const { record } = await findWalletAccount(
    ctx,
    params.senderAddress,
    'senderAddress',
  );
  const declare = { network: ctx.network, node: ctx.node, log: sentLog(ctx) };
  const { declaration, status, strk } = await checkDeclarable(
    declare,
    record,
    params.contractPayload,
  );
  const fields = await planDeclaration(
    ctx.node,
    params.invocationsDetails,
    declaration,
    status,
  );
  // The key exists only once the user approved, and only if it is the sender's.
  const keys = await confirmDeclaration(ctx, declaration, fields, strk);
  const { txHash, sent } = await submitDeclaration(
    declare,
    declaration,
    fields,
    keys.privateKey,
  );
  await saveRecord(
    ctx.store,
    declarationRecord(declaration, ctx.network.chainId, {
      txHash,
      nonce: fields.nonce,
    }),
  );
  await settleSent(ctx, sent);
  return {
    transaction_hash: txHash,
    class_hash: declaration.prepared.classHash,
  };
}

/**
 * Shows the declaration dialog and, once approved, unlocks the sender's key.
 *
 * @param ctx - Request context.
 * @param declaration - Sender and class.
 * @param fields - The declaration's fields.
 * @param strk - The sender's STRK balance (undefined: unread).
 * @returns The sender's keys.
 * @throws UserRejected when the user declines.
 */
async function confirmDeclaration(
  ctx: RpcContext,
  declaration: Declaration,
  fields: V3Fields,
  strk: bigint | undefined,
): Promise<AccountKeys> {
  const { record, prepared } = declaration;
  const translate = await ctx.t();
  const maxFee = maxFeeOf(fields);
  return approveThenUnlock(
    ctx,
    record,
    <SignDeclareDialog
      translate={translate}
      sending={true}
      origin={ctx.origin}
      network={ctx.network}
      sender={record.address}
      classHash={prepared.classHash}
      compiledClassHash={prepared.compiledClassHash}
      maxFee={formatTokenAmount(maxFee, STRK, translate)}
      nonce={fields.nonce.toString()}
      strkBalance={
        strk !== undefined && strk < maxFee
          ? formatTokenAmount(strk, STRK, translate)
          : undefined
      }
    />,
    'User rejected the declaration.',
  );
}
