import type { Json } from '@metamask/utils';

import type {
  DeclareContractParams,
  DeclareContractResult,
} from '../api/declareContract';
import { toFelt64 } from '../api/felt';
import { formatUnits } from '../api/units';
import { InvalidField, NodeRequestFailed, UserRejected } from '../errors';
import { findWalletAccount } from '../starknet/accounts';
import { readAccountStatusWith } from '../starknet/accountStatus';
import { prepareClass } from '../starknet/contractClass';
import {
  boundsFromEstimate,
  estimateCall,
  readEstimates,
} from '../starknet/fees';
import { signHash } from '../starknet/signature';
import { STRK } from '../starknet/tokens';
import { declareHash, maxFeeOf, v3Fields } from '../starknet/transactions';
import { V3, V3_QUERY, declareTx } from '../starknet/wire';
import { receivedRecord, saveRecord } from '../state/records';
import { confirm } from '../ui/show';
import { SignDeclareDialog } from '../ui/SignDeclareDialog';
import type { RpcContext } from './context';
import { sendingFrom } from './sender';

/** Node error code for a class that is already declared. */
const CLASS_ALREADY_DECLARED = 51;
/** Node error code for an unknown class hash. */
const CLASS_HASH_NOT_FOUND = 28;

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
  const { record, keys } = await findWalletAccount(
    ctx,
    params.senderAddress,
    'senderAddress',
  );
  const prepared = prepareClass(params.contractPayload);
  const { status, extra } = await readAccountStatusWith(
    ctx.node,
    record.address,
    [
      {
        method: 'starknet_getClass',
        params: { block_id: 'pre_confirmed', class_hash: prepared.classHash },
      },
    ],
  );
  if (!status.deployed) {
    throw new InvalidField(
      'senderAddress',
      'is not deployed yet; deploy it first (snapnet_createAccount with deploy: true, or any snapnet_executeTxn)',
    );
  }
  const [known] = extra;
  if (known?.ok) {
    throw new InvalidField(
      'contractPayload',
      `class ${prepared.classHash} is already declared on ${ctx.network.name}`,
    );
  }
  if (known && !known.ok && known.error.code !== CLASS_HASH_NOT_FOUND) {
    throw known.error;
  }

  const details = params.invocationsDetails;
  const fields = v3Fields(
    details,
    details?.nonce === undefined ? status.nonce : BigInt(details.nonce),
  );
  const build = (version: string, signature: string[]): Record<string, Json> =>
    declareTx({
      senderAddress: record.address,
      contractClass: prepared.wire,
      compiledClassHash: prepared.compiledClassHash,
      fields,
      version,
      signature,
    });
  if (!details?.resourceBounds) {
    const [estimate] = readEstimates(
      await ctx.node.request(estimateCall([build(V3_QUERY, [])])),
    );
    if (estimate) {
      fields.resourceBounds = boundsFromEstimate(estimate);
    }
  }

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
      maxFee={`${formatUnits(maxFeeOf(fields), STRK.decimals)} ${STRK.symbol}`}
      nonce={fields.nonce.toString()}
    />,
  );
  if (!approved) {
    throw new UserRejected('User rejected the declaration.');
  }
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
    await ctx.node.request({
      method: 'starknet_addDeclareTransaction',
      params: {
        declare_transaction: build(V3, signHash(txHash, keys.privateKey)),
      },
    });
  } catch (error) {
    if (
      error instanceof NodeRequestFailed &&
      error.code === CLASS_ALREADY_DECLARED
    ) {
      throw new InvalidField(
        'contractPayload',
        `class ${prepared.classHash} is already declared on ${ctx.network.name}`,
        { cause: error },
      );
    }
    throw error;
  }
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
    }),
  );

  return { transaction_hash: txHash, class_hash: prepared.classHash };
}
