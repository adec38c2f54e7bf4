/**
 * Helpers for the fake node's own tests: keys, counterfactual Argent addresses and
 * starknet.js accounts bound to an in-process node.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import type { BlockIdentifier, Call } from 'starknet';
import {
  Account,
  CallData,
  RpcError,
  RpcProvider,
  cairo,
  ec,
  hash,
  logger,
} from 'starknet';

import type { FakeNodeClient } from './admin';
import { fakeNode } from './admin';
import {
  ARGENT_ACCOUNT_CLASS_HASH,
  ETH,
  GAS_PRICES,
  GAS_USAGE,
  STRK,
} from './constants';
import { feltHex } from './json';
import type { FakeNodeHandle } from './server';
import { startFakeNode } from './server';

// starknet.js warns on every tip estimate against a chain with few transactions.
logger.setLogLevel('ERROR');

/** A key pair and its counterfactual Argent account. */
export type TestKey = {
  privateKey: string;
  publicKey: string;
  address: string;
  constructorCalldata: string[];
};

export const ARGENT_CLASS = feltHex(ARGENT_ACCOUNT_CLASS_HASH);
export { ETH, STRK };

/**
 * A fresh key and its Argent address (salt = public key, calldata [publicKey, 0]).
 *
 * @returns The key.
 */
export function newKey(): TestKey {
  const privateKey = feltHex(
    BigInt(
      `0x${Buffer.from(ec.starkCurve.utils.randomPrivateKey()).toString('hex')}`,
    ),
  );
  const publicKey = ec.starkCurve.getStarkKey(privateKey);
  const constructorCalldata = [publicKey, '0x0'];
  const address = hash.calculateContractAddressFromHash(
    publicKey,
    ARGENT_CLASS,
    constructorCalldata,
    0,
  );
  return { privateKey, publicKey, address, constructorCalldata };
}

/**
 * A provider for a node URL.
 *
 * @param nodeUrl - JSON-RPC URL.
 * @param blockIdentifier - Default block (starknet.js defaults to latest).
 * @returns The provider.
 */
export function provider(
  nodeUrl: string,
  blockIdentifier?: BlockIdentifier,
): RpcProvider {
  return new RpcProvider({
    nodeUrl,
    ...(blockIdentifier === undefined ? {} : { blockIdentifier }),
  });
}

/**
 * A starknet.js account for a key.
 *
 * @param rpc - Provider.
 * @param key - The key (its address unless another is given).
 * @param address - Account address override.
 * @returns The account.
 */
export function account(
  rpc: RpcProvider,
  key: TestKey,
  address = key.address,
): Account {
  return new Account({ provider: rpc, address, signer: key.privateKey });
}

/**
 * Seeds a deployed Argent account with a STRK balance.
 *
 * @param admin - Admin client.
 * @param strk - STRK balance to give it.
 * @returns The key (whose address is now deployed).
 */
export async function seededKey(
  admin: FakeNodeClient,
  strk = 10n ** 18n,
): Promise<TestKey> {
  const key = newKey();
  await admin.deployAccount({ publicKey: key.publicKey });
  await admin.setBalance(STRK, key.address, strk);
  return key;
}

/**
 * Runs a promise expected to fail with a node error, and returns that error.
 *
 * @param promise - The call.
 * @returns The node's code, message and data.
 */
export async function rpcFailure(
  promise: Promise<unknown>,
): Promise<{ code: number; message: string; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcError) {
      return {
        code: error.baseError.code,
        message: error.baseError.message,
        data: 'data' in error.baseError ? error.baseError.data : undefined,
      };
    }
    throw error;
  }
  throw new Error('expected the node to answer an error');
}

/**
 * Posts a raw JSON-RPC body.
 *
 * @param url - Node URL.
 * @param body - Request body (object or batch array).
 * @returns HTTP status and parsed body (or raw text when not JSON).
 */
export async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text };
}

/**
 * An ETH transfer call.
 *
 * @param recipient - Who receives.
 * @param amount - How much (u256).
 * @returns The call.
 */
export function ethTransfer(recipient: string, amount: bigint): Call {
  return {
    contractAddress: ETH,
    entrypoint: 'transfer',
    calldata: CallData.compile({ recipient, amount: cairo.uint256(amount) }),
  };
}

/** Invoke bounds that skip starknet.js' estimate: twice the node's usage and prices. */
export const INVOKE_BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: GAS_PRICES.l1Gas.fri * 2n },
  l2_gas: {
    max_amount: GAS_USAGE.INVOKE.l2Gas * 2n,
    max_price_per_unit: GAS_PRICES.l2Gas.fri * 2n,
  },
  l1_data_gas: {
    max_amount: GAS_USAGE.INVOKE.l1DataGas * 2n,
    max_price_per_unit: GAS_PRICES.l1DataGas.fri * 2n,
  },
};

/** A fake node started for one test file, and its sepolia admin client. */
export type FakeNodeFixture = { node: FakeNodeHandle; admin: FakeNodeClient };

/**
 * Starts a fake node on a free loopback port for the calling test file, resets it
 * before each test and closes it after the file, so node tests share one setup.
 *
 * @returns The fixture, filled in once `beforeAll` has run.
 */
export function useFakeNode(): FakeNodeFixture {
  let started: FakeNodeFixture | undefined;
  const current = (): FakeNodeFixture => {
    if (!started) {
      throw new Error('the fake node is not started yet (use it inside tests)');
    }
    return started;
  };
  beforeAll(async () => {
    const node = await startFakeNode({ port: 0 });
    started = { node, admin: fakeNode('sepolia', node.url) };
  });
  afterAll(async () => {
    await started?.node.close();
  });
  beforeEach(async () => {
    await current().admin.reset();
  });
  return {
    get node() {
      return current().node;
    },
    get admin() {
      return current().admin;
    },
  };
}
