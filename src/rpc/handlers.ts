import type { Struct } from '@metamask/superstruct';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import type { MethodName } from '../api/methods';
import { methods } from '../api/methods';
import { OriginNotAllowed } from '../errors';
import { keyExportOrigins } from '../starknet/node/networks';
import type { Store } from '../state/store';
import { addErc20Token } from './addErc20Token';
import type { RpcContext } from './context';
import { createContext } from './context';
import { createAccount } from './createAccount';
import { declareContract } from './declareContract';
import { withShownDetails } from './detailsPolicy';
import { displayPrivateKey } from './displayPrivateKey';
import { estimateAccountDeployFee } from './estimateAccountDeployFee';
import { estimateFee } from './estimateFee';
import { executeTxn } from './executeTxn';
import { extractPublicKey } from './extractPublicKey';
import { getCurrentAccount } from './getCurrentAccount';
import { getCurrentNetwork } from './getCurrentNetwork';
import { getDeploymentData } from './getDeploymentData';
import { getErc20TokenBalance } from './getErc20TokenBalance';
import { getStoredErc20Tokens } from './getStoredErc20Tokens';
import { getTransactions } from './getTransactions';
import { getTransactionStatus } from './getTransactionStatus';
import { listAccounts } from './listAccounts';
import type { AccountFields } from './pageAccess';
import { requireGrantedParams } from './pageAccess';
import { parseParams } from './params';
import { inTurn } from './pendingOrigins';
import { recoverAccounts } from './recoverAccounts';
import { replaceTransaction } from './replaceTransaction';
import type { SendLock } from './sendLock';
import { signDeclareTransaction } from './signDeclareTransaction';
import { signMessage } from './signMessage';
import { signTransaction } from './signTransaction';
import { switchAccount } from './switchAccount';
import { switchNetwork } from './switchNetwork';
import { upgradeAccount } from './upgradeAccount';
import { verifySignedMessage } from './verifySignedMessage';

/** Runs one method: validate params, build the context, handle. */
export type Executor = (
  raw: JsonRpcParams | undefined,
  request: {
    origin: string;
    method: string;
    store: Store;
    sendLock: SendLock;
    /** The account a keyring request was routed to (see RpcContext.routed). */
    routed?: string | undefined;
  },
) => Promise<Json>;

/**
 * Pairs a method's public params struct with its handler. The handler's params type
 * must be the struct's, or this does not compile. A page naming an account (or index)
 * it was not given gets 4100 before the handler runs: nothing is read, derived, asked
 * of the node or shown, so the answer is the same for the wallet's account and a
 * stranger's.
 *
 * @param struct - The method's params struct from `src/api/`.
 * @param handle - Its handler.
 * @param accounts - The params that name accounts (pageAccess.ts).
 * @returns The executor.
 */
function route<Params, Result extends Json>(
  struct: Struct<Params, unknown>,
  handle: (params: Params, ctx: RpcContext) => Promise<Result>,
  accounts: AccountFields = {},
): Executor {
  return async (raw, request) => {
    const params = parseParams(struct, raw);
    const chainId =
      isObject(params) && typeof params.chainId === 'string'
        ? params.chainId
        : undefined;
    const ctx = await createContext({
      ...request,
      chainId,
      action: request.method,
    });
    await requireGrantedParams(ctx, params, accounts);
    return handle(params, ctx);
  };
}

/**
 * Lets only the listed origins reach a method, checked before its params are read, so
 * any other caller learns nothing and sees no dialog.
 *
 * @param allowed - The allowed origins.
 * @param instead - Where the user can do it instead, for the error.
 * @param executor - The method.
 * @returns The gated method.
 */
function onlyFrom(
  allowed: () => readonly string[],
  instead: string,
  executor: Executor,
): Executor {
  return async (raw, request) => {
    if (!allowed().includes(request.origin)) {
      throw new OriginNotAllowed(request.method, request.origin, instead);
    }
    return executor(raw, request);
  };
}

/**
 * Marks a method that may ask the user to confirm: an origin's such requests run one
 * after another, in the order sent (pendingOrigins.ts); past 20 waiting, the next gets
 * -32002 at once, before its params are read.
 *
 * @param executor - The method.
 * @param confirms - Whether these raw params can lead to a dialog (default: always).
 * @returns The gated method.
 */
function confirming(
  executor: Executor,
  confirms: (raw: JsonRpcParams | undefined) => boolean = () => true,
): Executor {
  return async (raw, request) =>
    confirms(raw)
      ? inTurn(request.origin, request.method, async () =>
          executor(raw, request),
        )
      : executor(raw, request);
}

/** The account params of methods that name their account `address`. */
const ADDRESS: AccountFields = { addresses: ['address'] };

/** Senders: `address` or `senderAddress`, whichever is given (both are checked). */
const SENDER: AccountFields = { addresses: ['address', 'senderAddress'] };

/** A typed-data signer (outside execution included). */
const SIGNER: AccountFields = { addresses: ['signerAddress'] };

/**
 * Dispatch is data: one line per method. The mapped type makes a missing method a
 * compile error.
 */
export const routes: { [Method in MethodName]: Executor } = {
  snapnet_getCurrentNetwork: route(
    methods.snapnet_getCurrentNetwork.params,
    getCurrentNetwork,
  ),
  snapnet_switchNetwork: confirming(
    route(methods.snapnet_switchNetwork.params, switchNetwork),
  ),
  snapnet_createAccount: confirming(
    route(methods.snapnet_createAccount.params, createAccount),
  ),
  snapnet_extractPublicKey: route(
    methods.snapnet_extractPublicKey.params,
    extractPublicKey,
    { addresses: ['userAddress'] },
  ),
  snapnet_recoverAccounts: confirming(
    route(methods.snapnet_recoverAccounts.params, recoverAccounts),
  ),
  snapnet_listAccounts: route(
    methods.snapnet_listAccounts.params,
    listAccounts,
  ),
  snapnet_getErc20TokenBalance: route(
    methods.snapnet_getErc20TokenBalance.params,
    getErc20TokenBalance,
  ),
  snapnet_addErc20Token: confirming(
    route(methods.snapnet_addErc20Token.params, addErc20Token),
  ),
  snapnet_getStoredErc20Tokens: route(
    methods.snapnet_getStoredErc20Tokens.params,
    getStoredErc20Tokens,
  ),
  snapnet_getTransactionStatus: route(
    methods.snapnet_getTransactionStatus.params,
    getTransactionStatus,
  ),
  snapnet_signMessage: confirming(
    route(methods.snapnet_signMessage.params, signMessage, SIGNER),
  ),
  snapnet_verifySignedMessage: route(
    methods.snapnet_verifySignedMessage.params,
    verifySignedMessage,
  ),
  snapnet_signTransaction: confirming(
    route(
      methods.snapnet_signTransaction.params,
      withShownDetails('transactionsDetail', signTransaction),
      SENDER,
    ),
  ),
  snapnet_signDeclareTransaction: confirming(
    route(
      methods.snapnet_signDeclareTransaction.params,
      withShownDetails('details', signDeclareTransaction),
      SENDER,
    ),
  ),
  snapnet_displayPrivateKey: onlyFrom(
    keyExportOrigins,
    "Export a private key from the snapnet page in MetaMask instead (Snaps, snapnet, 'Export private key').",
    confirming(
      route(methods.snapnet_displayPrivateKey.params, displayPrivateKey),
    ),
  ),
  snapnet_estimateFee: route(
    methods.snapnet_estimateFee.params,
    withShownDetails('details', estimateFee),
    ADDRESS,
  ),
  snapnet_estimateAccountDeployFee: route(
    methods.snapnet_estimateAccountDeployFee.params,
    estimateAccountDeployFee,
    { index: 'addressIndex' },
  ),
  snapnet_upgradeAccount: confirming(
    route(methods.snapnet_upgradeAccount.params, upgradeAccount, ADDRESS),
  ),
  snapnet_executeTxn: confirming(
    route(
      methods.snapnet_executeTxn.params,
      withShownDetails('details', executeTxn),
      ADDRESS,
    ),
  ),
  snapnet_replaceTransaction: confirming(
    route(methods.snapnet_replaceTransaction.params, replaceTransaction),
  ),
  snapnet_declareContract: confirming(
    route(
      methods.snapnet_declareContract.params,
      withShownDetails('invocationsDetails', declareContract),
      SENDER,
    ),
  ),
  snapnet_getTransactions: route(
    methods.snapnet_getTransactions.params,
    getTransactions,
    SENDER,
  ),
  snapnet_getCurrentAccount: confirming(
    route(methods.snapnet_getCurrentAccount.params, getCurrentAccount),
    (raw) => isObject(raw) && raw.create === true,
  ),
  snapnet_switchAccount: confirming(
    route(methods.snapnet_switchAccount.params, switchAccount, ADDRESS),
  ),
  snapnet_getDeploymentData: route(
    methods.snapnet_getDeploymentData.params,
    getDeploymentData,
    ADDRESS,
  ),
  snapnet_getTransaction: route(
    methods.snapnet_getTransaction.params,
    getTransactions,
    SENDER,
  ),
};
