/**
 * A scripted wallet for the adapter's unit tests: an EIP-1193 provider answering
 * `wallet_getSnaps` / `wallet_requestSnaps` as MetaMask does and `wallet_invokeSnap`
 * from a small model of the snap's state (current network, current account per
 * network). It records every call so tests can check what the adapter asked — above
 * all that never-prompt methods sent nothing that prompts. The real snap is exercised
 * in test/e2e/wallet*.test.ts.
 */
import type { Json } from '@metamask/utils';
import { isObject, isValidJson } from '@metamask/utils';

import type { Eip1193Provider } from '../../src/client/snap';
import { STARKNET_CHAIN_IDS } from '../../src/client/snap';
import { ProviderRpcError } from 'snapnet/testing';

export const SNAP_ID = 'local:http://localhost:8080';
export const SEPOLIA = STARKNET_CHAIN_IDS.sepolia;
export const MAINNET = STARKNET_CHAIN_IDS.mainnet;

/**
 * An account record as `snapnet_listAccounts` returns it.
 *
 * @param address - Its address.
 * @param chainId - Its network.
 * @returns The record.
 */
export function accountRecord(address: string, chainId: string): Json {
  return {
    address,
    addressIndex: 0,
    publicKey: `0x${'1'.repeat(64)}`,
    addressSalt: `0x${'1'.repeat(64)}`,
    deployTxnHash: '',
    derivationPath: "m/44'/9004'/0'/0/0",
    chainId,
    cairoVersion: '1',
  };
}

export type ScriptedSnap = {
  provider: Eip1193Provider;
  /** Wallet methods called, with the snap method for invokes (`wallet_invokeSnap:snapnet_…`). */
  calls: string[];
  /** Params of each snap method call, by method. */
  params: Record<string, Record<string, Json>[]>;
  state: {
    connected: boolean;
    /** Whether `wallet_requestSnaps` is refused (4001). */
    refuse: boolean;
    /** What `wallet_requestSnaps` fails with otherwise (e.g. -32603, could not install). */
    connectError?: ProviderRpcError;
    /** Whether every object a snap method returns gets a field more (a newer snap). */
    newerSnap: boolean;
    chainId: string;
    /** Current account per network. */
    accounts: Record<string, string>;
  };
  /** Answers per snap method (a value, or an error to throw). */
  answers: Record<string, Json | ProviderRpcError>;
};

/**
 * A value as a newer snap might return it: every object gains a field.
 *
 * @param value - The answer.
 * @returns The answer with `addedByANewerSnap` in every object.
 */
function withExtraField(value: Json): Json {
  if (Array.isArray(value)) {
    return value.map(withExtraField);
  }
  if (isObject(value)) {
    return Object.fromEntries([
      ...Object.entries(value).map(([key, item]) => [
        key,
        withExtraField(item),
      ]),
      ['addedByANewerSnap', true],
    ]);
  }
  return value;
}

/**
 * The default answer of a snap method from the modelled state.
 *
 * @param snap - The scripted snap.
 * @param method - The snap method.
 * @param params - Its params.
 * @returns The result.
 */
function modelled(
  snap: ScriptedSnap,
  method: string,
  params: Record<string, Json>,
): Json {
  const chainId =
    typeof params.chainId === 'string' ? params.chainId : snap.state.chainId;
  switch (method) {
    case 'snapnet_getCurrentNetwork':
      return { name: 'Starknet', chainId: snap.state.chainId };
    case 'snapnet_getCurrentAccount': {
      const address = snap.state.accounts[chainId];
      return address ? accountRecord(address, chainId) : null;
    }
    case 'snapnet_switchNetwork':
      snap.state.chainId = chainId;
      return true;
    default:
      throw new ProviderRpcError({ code: -32601, message: `${method}?` });
  }
}

/**
 * Creates the scripted wallet.
 *
 * @returns It, disconnected, on Sepolia, with one account on each network.
 */
export function createScriptedSnap(): ScriptedSnap {
  const snap: ScriptedSnap = {
    calls: [],
    params: {},
    state: {
      connected: false,
      refuse: false,
      newerSnap: false,
      chainId: SEPOLIA,
      accounts: {
        [SEPOLIA]: `0x00${'a'.repeat(62)}`,
        [MAINNET]: `0x00${'b'.repeat(62)}`,
      },
    },
    answers: {},
    provider: {
      async request({ method, params }) {
        const installed = {
          [SNAP_ID]: {
            id: SNAP_ID,
            version: '0.1.0',
            enabled: true,
            blocked: false,
          },
        };
        if (method === 'wallet_getSnaps') {
          snap.calls.push(method);
          return snap.state.connected ? installed : {};
        }
        if (method === 'wallet_requestSnaps') {
          snap.calls.push(method);
          if (snap.state.refuse) {
            throw new ProviderRpcError({
              code: 4001,
              message: 'User rejected the request.',
            });
          }
          if (snap.state.connectError) {
            throw snap.state.connectError;
          }
          snap.state.connected = true;
          return installed;
        }
        const request = isObject(params) ? params.request : undefined;
        if (method !== 'wallet_invokeSnap' || !isObject(request)) {
          throw new ProviderRpcError({ code: -32601, message: method });
        }
        const snapMethod = String(request.method);
        const snapParams: Record<string, Json> = {};
        for (const [key, value] of Object.entries(
          isObject(request.params) ? request.params : {},
        )) {
          if (isValidJson(value)) {
            snapParams[key] = value;
          }
        }
        snap.calls.push(`${method}:${snapMethod}`);
        (snap.params[snapMethod] ??= []).push(snapParams);
        if (!snap.state.connected) {
          throw new ProviderRpcError({ code: 4100, message: 'Unauthorized' });
        }
        const answer = snap.answers[snapMethod];
        if (answer instanceof ProviderRpcError) {
          throw answer;
        }
        const result =
          answer === undefined
            ? modelled(snap, snapMethod, snapParams)
            : answer;
        return snap.state.newerSnap ? withExtraField(result) : result;
      },
    },
  };
  return snap;
}
