import type { WALLET_API } from '@starknet-io/types-js';
import { Permission } from '@starknet-io/types-js';

import {
  AddChainParamsStruct,
  DeclareParamsStruct,
  InvokeParamsStruct,
  RequestAccountsParamsStruct,
  SwitchChainParamsStruct,
  toSnapCalls,
  TypedDataParamsStruct,
  WatchAssetParamsStruct,
} from '../../api/walletParams';
import type { SnapnetClient } from '../snap';
import { signatureToArray, STARKNET_CHAIN_IDS } from '../snap';
import { StarknetWalletApiError } from './errors';
import { parseParams } from './parseParams';
import type { Session } from './session';

type Messages = WALLET_API.RpcTypeToMessageMap;

/** What a handler gets: the snap client and the session. */
export type HandlerContext = { client: SnapnetClient; session: Session };

/**
 * One function per wallet-API method. Params arrive as `unknown`: they come from any
 * dapp and are checked inside; the result is typed by `@starknet-io/types-js`.
 */
export type Handlers = {
  [Method in keyof Messages]?: (
    params: unknown,
    context: HandlerContext,
  ) => Promise<Messages[Method]['result']>;
};

/** Wallet API versions served: the 0.7 method set and later, without STRK20 privacy. */
export const SUPPORTED_WALLET_API = ['0.7', '0.8', '0.9', '0.10'] as const;

/** Starknet JSON-RPC spec the snap's node calls follow. */
export const SUPPORTED_SPECS = ['0.10'] as const;

/** The networks the snap serves, by hex chain id. */
const KNOWN_CHAINS: readonly string[] = Object.values(STARKNET_CHAIN_IDS);

/**
 * The current account of the current network, created (index 0, not deployed, no
 * dialog) when the wallet has none there yet. Recorded in the session.
 *
 * @param context - Client and session.
 * @returns Its address.
 */
async function currentAddress(context: HandlerContext): Promise<string> {
  const account = await context.client.getCurrentAccount({ create: true });
  if (!account) {
    throw new StarknetWalletApiError('UNKNOWN_ERROR', {
      data: 'the snap created no account',
    });
  }
  context.session.observe(account.chainId, account.address);
  return account.address;
}

/**
 * The hex chain id, lower case, compared as the snap writes it.
 *
 * @param chainId - As the dapp wrote it.
 * @returns Lower case.
 */
function normalChainId(chainId: string): string {
  return chainId.toLowerCase();
}

/** The wallet-API methods, each mapped onto snap methods. */
/* eslint-disable @typescript-eslint/naming-convention -- the wallet API's method names */
export const handlers: Handlers = {
  async wallet_getPermissions(_params, { session }) {
    return (await session.checkConnected()) ? [Permission.ACCOUNTS] : [];
  },

  async wallet_requestAccounts(params, context) {
    const parsed = parseParams(
      RequestAccountsParamsStruct,
      params,
      'wallet_requestAccounts',
    );
    if (!(await context.session.checkConnected())) {
      if (parsed?.silent_mode) {
        return [];
      }
      try {
        await context.client.connect();
      } catch {
        // Refused (4001) or the snap could not be installed: not connected.
        return [];
      }
      context.session.markConnected();
    }
    return [await currentAddress(context)];
  },

  async wallet_requestChainId(_params, { client, session }) {
    if (await session.checkConnected()) {
      const { chainId } = await client.getCurrentNetwork();
      session.observe(chainId, undefined);
    }
    return session.chainId();
  },

  async wallet_supportedSpecs() {
    return [...SUPPORTED_SPECS];
  },

  async wallet_supportedWalletApi() {
    return [...SUPPORTED_WALLET_API];
  },

  async wallet_addInvokeTransaction(params, context) {
    const { calls } = parseParams(
      InvokeParamsStruct,
      params,
      'wallet_addInvokeTransaction',
    );
    const snapCalls = toSnapCalls(calls);
    const address = await currentAddress(context);
    return context.client.executeTxn({ address, calls: snapCalls });
  },

  async wallet_addDeclareTransaction(params, context) {
    const parsed = parseParams(
      DeclareParamsStruct,
      params,
      'wallet_addDeclareTransaction',
    );
    const senderAddress = await currentAddress(context);
    // The snap computes the class hash and refuses a given one that differs in value
    // (both sides are normalised to 64 hex digits, so `0x1` and `0x01` agree).
    return context.client.declareContract({
      senderAddress,
      contractPayload: {
        contract: parsed.contract_class,
        compiledClassHash: parsed.compiled_class_hash,
        ...(parsed.class_hash === undefined
          ? {}
          : { classHash: parsed.class_hash }),
      },
    });
  },

  async wallet_signTypedData(params, context) {
    const { types, primaryType, domain, message } = parseParams(
      TypedDataParamsStruct,
      params,
      'wallet_signTypedData',
    );
    const signerAddress = await currentAddress(context);
    const signature = await context.client.signMessage({
      signerAddress,
      typedDataMessage: { types, primaryType, domain, message },
    });
    return signatureToArray(signature);
  },

  async wallet_deploymentData(_params, context) {
    const address = await currentAddress(context);
    return context.client.getDeploymentData({ address });
  },

  async wallet_watchAsset(params, context) {
    const { options } = parseParams(
      WatchAssetParamsStruct,
      params,
      'wallet_watchAsset',
    );
    const address = await currentAddress(context);
    await context.client.addErc20Token({
      address,
      chainId: context.session.chainId(),
      tokenAddress: options.address,
      ...(options.name === undefined ? {} : { tokenName: options.name }),
      ...(options.symbol === undefined ? {} : { tokenSymbol: options.symbol }),
      ...(options.decimals === undefined
        ? {}
        : { tokenDecimals: options.decimals }),
    });
    return true;
  },

  async wallet_switchStarknetChain(params, { client, session }) {
    const parsed = parseParams(
      SwitchChainParamsStruct,
      params,
      'wallet_switchStarknetChain',
    );
    const chainId = normalChainId(parsed.chainId);
    if (!KNOWN_CHAINS.includes(chainId)) {
      throw new StarknetWalletApiError('UNLISTED_NETWORK', {
        data: `snapnet serves ${KNOWN_CHAINS.join(', ')}`,
      });
    }
    const current = (await client.getCurrentNetwork()).chainId;
    if (normalChainId(current) !== chainId) {
      if (!(await client.switchNetwork({ chainId }))) {
        throw new StarknetWalletApiError('USER_REFUSED_OP');
      }
    }
    const account = await client.getCurrentAccount({ chainId });
    session.observe(chainId, account?.address);
    return true;
  },

  async wallet_addStarknetChain(params) {
    const parsed = parseParams(
      AddChainParamsStruct,
      params,
      'wallet_addStarknetChain',
    );
    if (!KNOWN_CHAINS.includes(normalChainId(parsed.chain_id))) {
      throw new StarknetWalletApiError('UNLISTED_NETWORK', {
        data: `snapnet serves ${KNOWN_CHAINS.join(', ')} and adds no others`,
      });
    }
    return true;
  },
};
/* eslint-enable @typescript-eslint/naming-convention */
