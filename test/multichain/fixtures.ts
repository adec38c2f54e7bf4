import { MultichainApiError } from '@metamask/multichain-api-client';
import type { CaipAccountId } from '@metamask/utils';
import { isCaipChainId, isObject, parseCaipChainId } from '@metamask/utils';

import type { SnapnetError } from '../../src/client/errors';
import { isSnapnetError } from '../../src/client/errors';
import {
  createMultichainClient,
  toStarknetChainId,
} from '../../src/client/multichain';
import type {
  InvokeHandler,
  SessionEngineOptions,
} from '../../src/client/testing/multichain/engine';
import { createSessionEngine } from '../../src/client/testing/multichain/engine';
import { createInMemoryTransport } from '../../src/client/testing/multichain/transport';

export const EVM_ACCOUNT: CaipAccountId =
  'eip155:1:0x5cfe73b6021e818b776b421b1c4db2474086a7e1';
export const EVM_ACCOUNT_2: CaipAccountId =
  'eip155:1:0x0c54fccd2e384b4bb6f2e405bf5cbc15a017aafb';
export const POLYGON_ACCOUNT: CaipAccountId =
  'eip155:137:0x5cfe73b6021e818b776b421b1c4db2474086a7e1';
export const STARKNET_ACCOUNT: CaipAccountId =
  'starknet:SN_SEPOLIA:0x04a3621276a83251b557a8140e915599ae8e7b6207b067ea701635c0d509801e';

/** What the test wallet supports. */
export const SUPPORTED: SessionEngineOptions['supported'] = {
  'eip155:1': {
    methods: ['eth_chainId', 'eth_getBalance', 'personal_sign', 'eth_call'],
    notifications: ['eth_subscription'],
    accounts: [EVM_ACCOUNT, EVM_ACCOUNT_2],
  },
  'eip155:137': {
    methods: ['eth_chainId'],
    notifications: ['eth_subscription'],
    accounts: [POLYGON_ACCOUNT],
  },
  'starknet:SN_SEPOLIA': {
    methods: ['starknet_chainId', 'wallet_signTypedData'],
    notifications: ['snapnet_accountsChanged'],
    accounts: [STARKNET_ACCOUNT],
  },
};

/** One wei-denominated balance the fake chain knows. */
export const BALANCE = '0xde0b6b3a7640000';

const chainId: InvokeHandler = (_params, scope) =>
  isCaipChainId(scope)
    ? `0x${Number(parseCaipChainId(scope).reference).toString(16)}`
    : null;

const getBalance: InvokeHandler = (params) =>
  Array.isArray(params) ? BALANCE : null;

const starknetChainId: InvokeHandler = (_params, scope) =>
  toStarknetChainId(scope);

/** Invoke handlers of the test wallet, by JSON-RPC method. */
export const HANDLERS: Record<string, InvokeHandler> = {
  eth_chainId: chainId,
  eth_getBalance: getBalance,
  starknet_chainId: starknetChainId,
};

/**
 * A wallet engine, an in-memory transport to it and a client on that transport.
 *
 * @param overrides - Engine options to change.
 * @returns The three.
 */
export function setup(overrides: Partial<SessionEngineOptions> = {}) {
  const engine = createSessionEngine({
    supported: SUPPORTED,
    handlers: HANDLERS,
    ...overrides,
  });
  const transport = createInMemoryTransport(engine);
  const client = createMultichainClient({ transport });
  return { engine, transport, client };
}

/** A session request touching EVM mainnet and Starknet Sepolia. */
export const EVM_AND_STARKNET = {
  optionalScopes: {
    'eip155:1': {
      methods: ['eth_chainId', 'eth_getBalance'],
      notifications: ['eth_subscription'],
    },
    'starknet:SN_SEPOLIA': {
      methods: ['starknet_chainId'],
      notifications: ['snapnet_accountsChanged'],
    },
  },
};

/** What the wallet grants for {@link EVM_AND_STARKNET}. */
export const EVM_AND_STARKNET_GRANTED = {
  'eip155:1': {
    methods: ['eth_chainId', 'eth_getBalance'],
    notifications: ['eth_subscription'],
    accounts: [EVM_ACCOUNT, EVM_ACCOUNT_2],
  },
  'starknet:SN_SEPOLIA': {
    methods: ['starknet_chainId'],
    notifications: ['snapnet_accountsChanged'],
    accounts: [STARKNET_ACCOUNT],
  },
};

/** The wallet's JSON-RPC error, as upstream's `MultichainApiError` keeps it in `cause`. */
export type WalletError = { code: number; message: string; data?: unknown };

/**
 * Awaits a promise that must reject with upstream's `MultichainApiError`.
 *
 * @param promise - The promise.
 * @returns The wallet's error it carries.
 */
export async function rejection(promise: unknown): Promise<WalletError> {
  try {
    await promise;
  } catch (error) {
    const { cause } = isObject(error) ? error : {};
    if (
      error instanceof MultichainApiError &&
      isObject(cause) &&
      typeof cause.code === 'number' &&
      typeof cause.message === 'string'
    ) {
      return { code: cause.code, message: cause.message, data: cause.data };
    }
    throw error;
  }
  throw new Error('expected the promise to reject');
}

/**
 * Runs a function that must throw the shared InvalidParamsError of the Starknet helpers.
 *
 * @param run - The function.
 * @returns The error it threw.
 */
export function thrownBy(run: () => unknown): SnapnetError {
  try {
    run();
  } catch (error) {
    if (isSnapnetError(error)) {
      return error;
    }
    throw error;
  }
  throw new Error('expected the function to throw');
}
