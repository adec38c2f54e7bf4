import { getErrorMessage, hasProperty, isObject } from '@metamask/utils';
import { Permission } from '@starknet-io/types-js';

import {
  DeclareParamsStruct,
  InvokeParamsStruct,
  RequestAccountsParamsStruct,
  toSnapCalls,
  TypedDataParamsStruct,
  WatchAssetParamsStruct,
} from '../../api/walletParams';
import { isSnapnetError, SnapnetErrorCode, signatureToArray } from '../snap';
import { chainHandlers } from './chains';
import type { HandlerContext, Handlers } from './context';
import { ensureConnected } from './context';
import { StarknetWalletApiError, toWalletApiError } from './errors';
import { parseParams } from './parseParams';
import { SUPPORTED_SPECS, SUPPORTED_WALLET_API } from './versions';

/**
 * The session's current account on the session's chain, created (index 0, not
 * deployed, no dialog) when the wallet has none there yet. The first look after
 * connecting reads the snap's current network and makes it the session's.
 *
 * @param context - Client and session.
 * @returns The address and the chain every snap call for the dapp carries.
 */
async function sessionAccount(
  context: HandlerContext,
): Promise<{ address: string; chainId: string }> {
  const known = context.session.chainId();
  const account = await context.client.getCurrentAccount(
    known === undefined ? { create: true } : { create: true, chainId: known },
  );
  if (!account) {
    throw new StarknetWalletApiError('UNKNOWN_ERROR', {
      data: 'the snap created no account',
    });
  }
  context.session.observe(account.chainId, account.address);
  return { address: account.address, chainId: account.chainId };
}

/**
 * `wallet_requestAccounts`: connects unless `silent_mode`; a refusal (4001) is `[]`,
 * any other wallet failure is 163 carrying the wallet's code and message (HEAD:124-131).
 *
 * @param params - `{ silent_mode? }`.
 * @param context - Client and session.
 * @returns The account, or none.
 */
async function requestAccounts(
  params: unknown,
  context: HandlerContext,
): Promise<string[]> {
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
    } catch (error) {
      if (isSnapnetError(error, SnapnetErrorCode.UserRejected)) {
        return [];
      }
      const code = isObject(error) ? error.code : undefined;
      throw new StarknetWalletApiError('UNKNOWN_ERROR', {
        data: {
          message: `the wallet could not connect snapnet: ${getErrorMessage(error)}`,
          ...(typeof code === 'number' ? { code } : {}),
        },
        cause: error,
      });
    }
    context.session.markConnected();
  }
  return [(await sessionAccount(context)).address];
}

/**
 * Refuses 0.10.3's `proof` (SNIP-36): snapnet does not forward it, and sending the calls
 * without it would be another transaction than the one asked for.
 *
 * @param params - The invoke params.
 * @throws {StarknetWalletApiError} INVALID_REQUEST_PAYLOAD naming `proof`.
 */
function refuseProof(params: unknown): void {
  if (
    isObject(params) &&
    hasProperty(params, 'proof') &&
    params.proof !== undefined
  ) {
    throw new StarknetWalletApiError('INVALID_REQUEST_PAYLOAD', {
      data: {
        field: 'proof',
        message:
          'snapnet does not forward proofs (wallet API 0.10.3); send the calls without proof or use another wallet',
      },
    });
  }
}

/** The wallet-API methods, each mapped onto snap methods. */
/* eslint-disable @typescript-eslint/naming-convention -- the wallet API's method names */
export const handlers: Handlers = {
  async wallet_getPermissions(_params, { session }) {
    return (await session.checkConnected()) ? [Permission.ACCOUNTS] : [];
  },

  wallet_requestAccounts: requestAccounts,

  async wallet_supportedSpecs() {
    return [...SUPPORTED_SPECS];
  },

  async wallet_supportedWalletApi() {
    return [...SUPPORTED_WALLET_API];
  },

  async wallet_addInvokeTransaction(params, context) {
    refuseProof(params);
    const { calls } = parseParams(
      InvokeParamsStruct,
      params,
      'wallet_addInvokeTransaction',
    );
    const snapCalls = toSnapCalls(calls);
    const { address, chainId } = await sessionAccount(context);
    return context.client.executeTxn({ address, calls: snapCalls, chainId });
  },

  async wallet_addDeclareTransaction(params, context) {
    const parsed = parseParams(
      DeclareParamsStruct,
      params,
      'wallet_addDeclareTransaction',
    );
    await ensureConnected(context);
    const { address, chainId } = await sessionAccount(context);
    // The snap computes the class hash and refuses a given one that differs in value
    // (both sides are normalised to 64 hex digits, so `0x1` and `0x01` agree).
    return context.client.declareContract({
      senderAddress: address,
      chainId,
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
    await ensureConnected(context);
    const { address, chainId } = await sessionAccount(context);
    const signature = await context.client.signMessage({
      signerAddress: address,
      chainId,
      typedDataMessage: { types, primaryType, domain, message },
    });
    return signatureToArray(signature);
  },

  async wallet_deploymentData(_params, context) {
    if (!(await context.session.checkConnected())) {
      throw new StarknetWalletApiError('DEPLOYMENT_DATA_NOT_AVAILABLE', {
        data: 'the dapp is not connected: call wallet_requestAccounts first',
      });
    }
    const { address, chainId } = await sessionAccount(context);
    try {
      return await context.client.getDeploymentData({ address, chainId });
    } catch (error) {
      // The snap's InvalidField (no wallet code, unlike 115 deployed): an undeployed
      // legacy Cairo 0 account, whose data snapnet cannot give (HEAD:1383).
      if (
        toWalletApiError(error, 'wallet_deploymentData').errorName ===
        'INVALID_REQUEST_PAYLOAD'
      ) {
        throw new StarknetWalletApiError('DEPLOYMENT_DATA_NOT_AVAILABLE', {
          data: getErrorMessage(error),
          cause: error,
        });
      }
      throw error;
    }
  },

  async wallet_watchAsset(params, context) {
    const { options } = parseParams(
      WatchAssetParamsStruct,
      params,
      'wallet_watchAsset',
    );
    await ensureConnected(context);
    const { address, chainId } = await sessionAccount(context);
    await context.client.addErc20Token({
      address,
      chainId,
      tokenAddress: options.address,
      ...(options.name === undefined ? {} : { tokenName: options.name }),
      ...(options.symbol === undefined ? {} : { tokenSymbol: options.symbol }),
      ...(options.decimals === undefined
        ? {}
        : { tokenDecimals: options.decimals }),
    });
    return true;
  },

  ...chainHandlers,
};
/* eslint-enable @typescript-eslint/naming-convention */
