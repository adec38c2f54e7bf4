import {
  CreateAccountParamsStruct,
  CreateAccountResultStruct,
} from './createAccount';
import {
  DisplayPrivateKeyParamsStruct,
  DisplayPrivateKeyResultStruct,
} from './displayPrivateKey';
import {
  ExtractPublicKeyParamsStruct,
  ExtractPublicKeyResultStruct,
} from './extractPublicKey';
import {
  GetCurrentNetworkParamsStruct,
  GetCurrentNetworkResultStruct,
} from './getCurrentNetwork';
import {
  GetErc20TokenBalanceParamsStruct,
  GetErc20TokenBalanceResultStruct,
} from './getErc20TokenBalance';
import {
  GetTransactionStatusParamsStruct,
  GetTransactionStatusResultStruct,
} from './getTransactionStatus';
import {
  ListAccountsParamsStruct,
  ListAccountsResultStruct,
} from './listAccounts';
import {
  RecoverAccountsParamsStruct,
  RecoverAccountsResultStruct,
} from './recoverAccounts';
import {
  SignDeclareTransactionParamsStruct,
  SignDeclareTransactionResultStruct,
} from './signDeclareTransaction';
import {
  SignMessageParamsStruct,
  SignMessageResultStruct,
} from './signMessage';
import {
  SignTransactionParamsStruct,
  SignTransactionResultStruct,
} from './signTransaction';
import {
  SwitchNetworkParamsStruct,
  SwitchNetworkResultStruct,
} from './switchNetwork';
import {
  VerifySignedMessageParamsStruct,
  VerifySignedMessageResultStruct,
} from './verifySignedMessage';

/**
 * The public contract: every `snapnet_*` method with its params and result structs.
 * The snap validates requests with these and the dapp client validates results with
 * the same ones, so the two can never drift apart.
 */
export const methods = {
  snapnet_getCurrentNetwork: {
    params: GetCurrentNetworkParamsStruct,
    result: GetCurrentNetworkResultStruct,
  },
  snapnet_switchNetwork: {
    params: SwitchNetworkParamsStruct,
    result: SwitchNetworkResultStruct,
  },
  snapnet_createAccount: {
    params: CreateAccountParamsStruct,
    result: CreateAccountResultStruct,
  },
  snapnet_extractPublicKey: {
    params: ExtractPublicKeyParamsStruct,
    result: ExtractPublicKeyResultStruct,
  },
  snapnet_recoverAccounts: {
    params: RecoverAccountsParamsStruct,
    result: RecoverAccountsResultStruct,
  },
  snapnet_listAccounts: {
    params: ListAccountsParamsStruct,
    result: ListAccountsResultStruct,
  },
  snapnet_getErc20TokenBalance: {
    params: GetErc20TokenBalanceParamsStruct,
    result: GetErc20TokenBalanceResultStruct,
  },
  snapnet_getTransactionStatus: {
    params: GetTransactionStatusParamsStruct,
    result: GetTransactionStatusResultStruct,
  },
  snapnet_signMessage: {
    params: SignMessageParamsStruct,
    result: SignMessageResultStruct,
  },
  snapnet_verifySignedMessage: {
    params: VerifySignedMessageParamsStruct,
    result: VerifySignedMessageResultStruct,
  },
  snapnet_signTransaction: {
    params: SignTransactionParamsStruct,
    result: SignTransactionResultStruct,
  },
  snapnet_signDeclareTransaction: {
    params: SignDeclareTransactionParamsStruct,
    result: SignDeclareTransactionResultStruct,
  },
  snapnet_displayPrivateKey: {
    params: DisplayPrivateKeyParamsStruct,
    result: DisplayPrivateKeyResultStruct,
  },
} as const;

/** Names of all snap methods. */
export type MethodName = keyof typeof methods;
