import {
  AddErc20TokenParamsStruct,
  AddErc20TokenResultStruct,
} from './addErc20Token';
import {
  CreateAccountParamsStruct,
  CreateAccountResultStruct,
} from './createAccount';
import {
  DeclareContractParamsStruct,
  DeclareContractResultStruct,
} from './declareContract';
import {
  DisplayPrivateKeyParamsStruct,
  DisplayPrivateKeyResultStruct,
} from './displayPrivateKey';
import { ExecuteTxnParamsStruct, ExecuteTxnResultStruct } from './executeTxn';
import {
  ExtractPublicKeyParamsStruct,
  ExtractPublicKeyResultStruct,
} from './extractPublicKey';
import {
  EstimateAccountDeployFeeParamsStruct,
  EstimateAccountDeployFeeResultStruct,
  EstimateFeeParamsStruct,
  EstimateFeeResultStruct,
} from './fees';
import {
  GetCurrentAccountParamsStruct,
  GetCurrentAccountResultStruct,
} from './getCurrentAccount';
import {
  GetCurrentNetworkParamsStruct,
  GetCurrentNetworkResultStruct,
} from './getCurrentNetwork';
import {
  GetDeploymentDataParamsStruct,
  GetDeploymentDataResultStruct,
} from './getDeploymentData';
import {
  GetErc20TokenBalanceParamsStruct,
  GetErc20TokenBalanceResultStruct,
} from './getErc20TokenBalance';
import {
  GetStoredErc20TokensParamsStruct,
  GetStoredErc20TokensResultStruct,
} from './getStoredErc20Tokens';
import {
  GetTransactionsParamsStruct,
  GetTransactionsResultStruct,
} from './getTransactions';
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
  ReplaceTransactionParamsStruct,
  ReplaceTransactionResultStruct,
} from './replaceTransaction';
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
  SwitchAccountParamsStruct,
  SwitchAccountResultStruct,
} from './switchAccount';
import {
  SwitchNetworkParamsStruct,
  SwitchNetworkResultStruct,
} from './switchNetwork';
import {
  UpgradeAccountParamsStruct,
  UpgradeAccountResultStruct,
} from './upgradeAccount';
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
  snapnet_addErc20Token: {
    params: AddErc20TokenParamsStruct,
    result: AddErc20TokenResultStruct,
  },
  snapnet_getStoredErc20Tokens: {
    params: GetStoredErc20TokensParamsStruct,
    result: GetStoredErc20TokensResultStruct,
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
  snapnet_estimateFee: {
    params: EstimateFeeParamsStruct,
    result: EstimateFeeResultStruct,
  },
  snapnet_estimateAccountDeployFee: {
    params: EstimateAccountDeployFeeParamsStruct,
    result: EstimateAccountDeployFeeResultStruct,
  },
  snapnet_executeTxn: {
    params: ExecuteTxnParamsStruct,
    result: ExecuteTxnResultStruct,
  },
  snapnet_replaceTransaction: {
    params: ReplaceTransactionParamsStruct,
    result: ReplaceTransactionResultStruct,
  },
  snapnet_declareContract: {
    params: DeclareContractParamsStruct,
    result: DeclareContractResultStruct,
  },
  snapnet_getTransactions: {
    params: GetTransactionsParamsStruct,
    result: GetTransactionsResultStruct,
  },
  snapnet_getCurrentAccount: {
    params: GetCurrentAccountParamsStruct,
    result: GetCurrentAccountResultStruct,
  },
  snapnet_switchAccount: {
    params: SwitchAccountParamsStruct,
    result: SwitchAccountResultStruct,
  },
  snapnet_upgradeAccount: {
    params: UpgradeAccountParamsStruct,
    result: UpgradeAccountResultStruct,
  },
  snapnet_getDeploymentData: {
    params: GetDeploymentDataParamsStruct,
    result: GetDeploymentDataResultStruct,
  },
  /** The name interface.md uses in one place for getTransactions. */
  snapnet_getTransaction: {
    params: GetTransactionsParamsStruct,
    result: GetTransactionsResultStruct,
  },
} as const;

/** Names of all snap methods. */
export type MethodName = keyof typeof methods;
