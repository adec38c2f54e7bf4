/**
 * The cells of the wallet-API conformance table (test/e2e/walletConformance.test.ts):
 * one request or event per row, run against an adapter over the built snap, and how
 * each outcome is put in the table's words.
 */
import type { Snap } from '@metamask/snaps-jest';
import { isObject } from '@metamask/utils';
import type { WALLET_API } from '@starknet-io/types-js';
import { setTimeout as delay } from 'node:timers/promises';

import type { Eip1193Provider } from '../../src/client/snap';
import { createSnapnetClient } from '../../src/client/snap';
import type { SnapnetWallet } from '../../src/client/wallet';
import { createSnapnetWallet } from '../../src/client/wallet';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { MINIMAL_SIERRA } from '../fixtures/sierra';
import { MAIL_REV1 } from '../fixtures/typedData';
import { expectedAccount, MAINNET, SEPOLIA } from '../fixtures/wallet';
import { installSnapnet, simulatedWallet, TEST_SNAP_ID } from './helpers';
import { ProviderRpcError } from 'snapnet/testing';

const node = fakeNode('sepolia');
const account = expectedAccount(0);

/** One adapter over one snap, with the wallet calls it made counted. */
export type Rig = {
  wallet: SnapnetWallet;
  snap: Snap;
  /** Wallet methods called (`wallet_requestSnaps` is the connection prompt). */
  calls: string[];
  /** Refuses the next `wallet_requestSnaps`. */
  refuseNextConnection(): void;
  /** Answers the next dialog of a snap method. */
  answer(method: string, accept?: boolean): Promise<void>;
};

export const opened: SnapnetWallet[] = [];

/** The other dapp's page (otherDapp). */
const OTHER_ORIGIN = 'other.example';

/**
 * A fresh snap, a simulated MetaMask around it, and the adapter.
 *
 * @returns The rig.
 */
export async function rig(): Promise<Rig> {
  const snap = await installSnapnet();
  const simulated = await simulatedWallet({ snap });
  const calls: string[] = [];
  let refuse = false;
  const provider: Eip1193Provider = {
    async request(args) {
      calls.push(args.method);
      if (args.method === 'wallet_requestSnaps' && refuse) {
        refuse = false;
        throw new ProviderRpcError({
          code: 4001,
          message: 'User rejected the request.',
        });
      }
      return simulated.provider.request(args);
    },
  };
  const wallet = createSnapnetWallet({
    snapId: TEST_SNAP_ID,
    provider,
    pollIntervalMs: 1000,
  });
  opened.push(wallet);
  return {
    wallet,
    snap,
    calls,
    refuseNextConnection: () => {
      refuse = true;
    },
    async answer(method, accept = true) {
      const dialog = await simulated.nextDialog(method);
      await (accept ? dialog.ok() : dialog.cancel());
    },
  };
}

/** An outcome already in the table's words (events). */
class Described {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}

/**
 * Describes a result in the table's words: `[]`, `[account]`, `chain id`, `{ keys }`,
 * `[r, s]`, or the JSON of anything else.
 *
 * @param value - The result.
 * @returns The description.
 */
function describeResult(value: unknown): string {
  if (value instanceof Described) {
    return value.text;
  }
  if (Array.isArray(value)) {
    if (value.length === 1 && value[0] === account.address) {
      return '[account]';
    }
    if (value.length === 1 && value[0] === expectedAccount(1).address) {
      return '[account 1]';
    }
    if (
      value.length === 2 &&
      value.every((item) => /^0x[0-9a-f]{1,64}$/u.test(String(item)))
    ) {
      return '[r, s]';
    }
    return JSON.stringify(value);
  }
  if (value === SEPOLIA) {
    return 'chain id';
  }
  if (isObject(value)) {
    return `{ ${Object.keys(value).sort().join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * Runs one request and describes the outcome, flagging a connection prompt and an
 * error message not in the wallet API's `An error occurred (NAME)` form.
 *
 * @param target - The rig.
 * @param run - The request, with any dialog handling alongside.
 * @returns The outcome.
 */
export async function outcome(
  target: Rig,
  run: (wallet: SnapnetWallet) => Promise<unknown>,
): Promise<string> {
  const before = target.calls.length;
  let text: string;
  try {
    text = describeResult(await run(target.wallet));
  } catch (error) {
    const code = isObject(error) ? error.code : undefined;
    const message = error instanceof Error ? error.message : '';
    text = /^An error occurred \([A-Z_0-9]+\)$/u.test(message)
      ? `error ${String(code)}`
      : `error ${String(code)} "${message}"`;
  }
  const prompted = target.calls.slice(before).includes('wallet_requestSnaps');
  return prompted ? `connect → ${text}` : text;
}

/**
 * Runs a request whose dialog is answered from here.
 *
 * @param target - The rig.
 * @param method - The snap method whose dialog appears.
 * @param request - The request.
 * @param accept - Approve (default) or cancel.
 * @returns The request's result.
 */
async function withDialog<Result>(
  target: Rig,
  method: string,
  request: Promise<Result>,
  accept = true,
): Promise<Result> {
  const [result] = await Promise.all([request, target.answer(method, accept)]);
  return result;
}

/**
 * Waits for an event, up to `ms`.
 *
 * @param wallet - The wallet object.
 * @param event - The event.
 * @param ms - How long.
 * @param action - What to do once listening.
 * @returns What the event brought, or `never` when it did not fire.
 */
async function eventWithin(
  wallet: SnapnetWallet,
  event: 'accountsChanged' | 'networkChanged',
  ms: number,
  action: () => Promise<unknown>,
): Promise<string> {
  const seen: { fired?: string } = {};
  const handler = (...args: unknown[]): void => {
    seen.fired ??= args
      .filter((arg) => arg !== undefined)
      .map(describeResult)
      .join(', ');
  };
  wallet.on(event, handler);
  await action();
  const start = Date.now();
  const immediate = seen.fired !== undefined;
  while (seen.fired === undefined && Date.now() - start < ms) {
    await delay(100);
  }
  wallet.off(event, handler);
  const { fired } = seen;
  if (fired === undefined) {
    return 'never';
  }
  return immediate ? `at once (${fired})` : `within ${ms / 1000} s (${fired})`;
}

/**
 * Another dapp on the same snap (the home page and other dapps change the same state).
 *
 * @param snap - The snap.
 * @param origin - Its origin (default: another site).
 * @returns A connected client and its dialogs.
 */
async function otherDapp(
  snap: Snap,
  origin = OTHER_ORIGIN,
): Promise<{
  client: ReturnType<typeof createSnapnetClient>;
  answer: (method: string) => Promise<void>;
}> {
  const simulated = await simulatedWallet({ snap, origin });
  const client = createSnapnetClient({
    snapId: TEST_SNAP_ID,
    provider: simulated.provider,
  });
  await client.connect();
  return {
    client,
    answer: async (method) => (await simulated.nextDialog(method)).ok(),
  };
}

const TYPED = { type: 'wallet_signTypedData', params: MAIL_REV1 } as const;
const INVOKE: WALLET_API.RequestFnCall<'wallet_addInvokeTransaction'> = {
  type: 'wallet_addInvokeTransaction',
  params: {
    calls: [
      {
        contract_address: STRK,
        entry_point: 'transfer',
        calldata: ['0x777', '1000', '0'],
      },
    ],
  },
};
const WATCH_721 = {
  type: 'wallet_watchAsset',
  params: { type: 'ERC721', options: { address: STRK } },
} as never;

export type Cells = Record<string, (target: Rig) => Promise<unknown>>;

/** Requests that run the same way in both columns. */
const COMMON: Cells = {
  wallet_getPermissions: async ({ wallet }) =>
    wallet.request({ type: 'wallet_getPermissions' }),
  'wallet_requestAccounts { silent_mode: true }': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_requestAccounts',
      params: { silent_mode: true },
    }),
  wallet_requestChainId: async ({ wallet }) =>
    wallet.request({ type: 'wallet_requestChainId' }),
  wallet_supportedSpecs: async ({ wallet }) =>
    wallet.request({ type: 'wallet_supportedSpecs' }),
  wallet_supportedWalletApi: async ({ wallet }) =>
    wallet.request({ type: 'wallet_supportedWalletApi' }),
  'wallet_watchAsset ERC721': async ({ wallet }) => wallet.request(WATCH_721),
  'wallet_switchStarknetChain, unknown chain': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: '0x1' },
    }),
  'wallet_addStarknetChain, mainnet': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_addStarknetChain',
      params: { id: 'mainnet', chain_id: MAINNET, chain_name: 'Starknet' },
    }),
  'wallet_addStarknetChain, unknown chain': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_addStarknetChain',
      params: { id: 'x', chain_id: '0x1', chain_name: 'X' },
    }),
  'wallet_addStarknetChain, chain_id not hex': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_addStarknetChain',
      params: { id: 'x', chain_id: 'SN_X', chain_name: 'X' },
    }),
  wallet_strk20Balances: async ({ wallet }) =>
    wallet.request({ type: 'wallet_strk20Balances' } as never),
  'wallet_addInvokeTransaction with proof': async ({ wallet }) =>
    wallet.request({
      ...INVOKE,
      params: { ...INVOKE.params, proof: { data: ['0x1'] } },
    } as never),
  'unknown type': async ({ wallet }) =>
    wallet.request({ type: 'wallet_unknownMethod' } as never),
  'api_version 0.1': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_getPermissions',
      params: { api_version: '0.1' },
    }),
};

/** Before connecting: nothing may prompt but the explicit connection. */
export const NOT_CONNECTED: Cells = {
  ...COMMON,
  wallet_addInvokeTransaction: async ({ wallet }) => wallet.request(INVOKE),
  // These ask for approval first; the user refuses it (so the column stays unconnected).
  wallet_addDeclareTransaction: async (target) =>
    refusingConnection(target, async (wallet) =>
      wallet.request({
        type: 'wallet_addDeclareTransaction',
        params: {
          compiled_class_hash: '0x123',
          contract_class: {
            ...MINIMAL_SIERRA,
            abi: JSON.stringify(MINIMAL_SIERRA.abi),
          },
        },
      }),
    ),
  wallet_signTypedData: async (target) =>
    refusingConnection(target, async (wallet) => wallet.request(TYPED)),
  'wallet_deploymentData, not deployed': async ({ wallet }) =>
    wallet.request({ type: 'wallet_deploymentData' }),
  'api_version 0.7, deploymentData': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_deploymentData',
      params: { api_version: '0.7' },
    }),
  'wallet_watchAsset ERC20': async (target) =>
    refusingConnection(target, async (wallet) =>
      wallet.request({
        type: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: STRK } },
      }),
    ),
  'wallet_switchStarknetChain, current chain': async (target) =>
    refusingConnection(target, async (wallet) =>
      wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: SEPOLIA },
      }),
    ),
  'wallet_switchStarknetChain { silent_mode: true }': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: MAINNET, silent_mode: true },
    }),
  'networkChanged, switch elsewhere': async (target) =>
    quietEvent(target, 'networkChanged', async () => {
      const other = await otherDapp(target.snap);
      await Promise.all([
        other.client.switchNetwork({ chainId: MAINNET }),
        other.answer('snapnet_switchNetwork'),
      ]);
      await Promise.all([
        other.client.switchNetwork({ chainId: SEPOLIA }),
        other.answer('snapnet_switchNetwork'),
      ]);
    }),
  'accountsChanged, account switched elsewhere': async (target) =>
    quietEvent(target, 'accountsChanged', async () => {
      const other = await otherDapp(target.snap);
      // Another index than the one this dapp is given last: a page's silent account
      // is not offered to another page (accounts per page).
      // A page's createAccount asks the user (the account dialog), who approves.
      await Promise.all([
        other.client.createAccount({ addressIndex: 1 }),
        other.answer('snapnet_createAccount'),
      ]);
    }),
  'wallet_requestAccounts, connection refused': async (target) => {
    target.refuseNextConnection();
    return target.wallet.request({ type: 'wallet_requestAccounts' });
  },
  // Last: it connects, the user giving the page an account (connect dialog).
  wallet_requestAccounts: async (target) =>
    withDialog(
      target,
      'snapnet_getCurrentAccount',
      target.wallet.request({ type: 'wallet_requestAccounts' }),
    ),
};

/**
 * Runs a request that asks for approval first, the user refusing it.
 *
 * @param target - The rig.
 * @param run - The request.
 * @returns Its result.
 */
async function refusingConnection(
  target: Rig,
  run: (wallet: SnapnetWallet) => Promise<unknown>,
): Promise<unknown> {
  target.refuseNextConnection();
  return run(target.wallet);
}

/**
 * An event while not connected: it must not fire, and nothing may poll.
 *
 * @param target - The rig.
 * @param event - The event.
 * @param change - A change made elsewhere.
 * @returns `never, no polling` or what happened instead.
 */
async function quietEvent(
  target: Rig,
  event: 'accountsChanged' | 'networkChanged',
  change: () => Promise<unknown>,
): Promise<Described> {
  const before = target.calls.length;
  const seen = await eventWithin(target.wallet, event, 3000, change);
  const polled = target.calls.length > before;
  return new Described(`${seen}, ${polled ? 'polled' : 'no polling'}`);
}

const TOKEN = `0x${'0'.repeat(59)}cafe5`;

/**
 * Another page (another site, or another tab of the same dapp) has the user switch it
 * to account 1: only the same site's session may learn of it (accounts per page).
 *
 * @param target - The rig.
 * @param other - The page that switches.
 * @returns What the rig's dapp saw.
 */
async function switchedBy(
  target: Rig,
  other: Awaited<ReturnType<typeof otherDapp>>,
): Promise<Described> {
  // The dapp follows the network back to Sepolia (it went and came back above; a look
  // follows it), then reads its account there, where the user gave it one.
  await target.wallet.request({ type: 'wallet_requestChainId' });
  await target.wallet.request({ type: 'wallet_requestAccounts' });
  // The other site is given accounts 2 (its current one) and 1 in its own approved
  // createAccount dialogs: a site switches only among accounts it was given.
  for (const addressIndex of [2, 1]) {
    await Promise.all([
      other.client.createAccount({ addressIndex }),
      other.answer('snapnet_createAccount'),
    ]);
  }
  const seen = await eventWithin(
    target.wallet,
    'accountsChanged',
    3000,
    async () =>
      Promise.all([
        other.client.switchAccount({ address: expectedAccount(1).address }),
        other.answer('snapnet_switchAccount'),
      ]),
  );
  return new Described(seen);
}

/** After connecting (account 0 deployed and funded, on Sepolia). */
export const CONNECTED: Cells = {
  ...COMMON,
  wallet_requestAccounts: async ({ wallet }) =>
    wallet.request({ type: 'wallet_requestAccounts' }),
  wallet_addInvokeTransaction: async (target) =>
    withDialog(target, 'snapnet_executeTxn', target.wallet.request(INVOKE)),
  'wallet_addInvokeTransaction, refused': async (target) =>
    withDialog(
      target,
      'snapnet_executeTxn',
      target.wallet.request(INVOKE),
      false,
    ),
  'wallet_addInvokeTransaction, calldata -1': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_addInvokeTransaction',
      params: {
        calls: [
          { contract_address: STRK, entry_point: 'transfer', calldata: [-1] },
        ],
      } as never,
    }),
  wallet_addDeclareTransaction: async (target) => {
    // The gateway takes a declare only at the committed nonce: the sends above go into
    // a block first, as they would on a live chain before the dapp declares.
    await node.mine();
    return withDialog(
      target,
      'snapnet_declareContract',
      target.wallet.request({
        type: 'wallet_addDeclareTransaction',
        params: {
          compiled_class_hash: '0x123',
          contract_class: {
            ...MINIMAL_SIERRA,
            abi: JSON.stringify(MINIMAL_SIERRA.abi),
          },
        },
      }),
    );
  },
  wallet_signTypedData: async (target) =>
    withDialog(target, 'snapnet_signMessage', target.wallet.request(TYPED)),
  'wallet_signTypedData, refused': async (target) =>
    withDialog(
      target,
      'snapnet_signMessage',
      target.wallet.request(TYPED),
      false,
    ),
  'wallet_deploymentData, deployed': async ({ wallet }) =>
    wallet.request({ type: 'wallet_deploymentData' }),
  'wallet_watchAsset ERC20': async (target) => {
    await node.addToken({
      address: TOKEN,
      name: 'Conformance',
      symbol: 'CNF',
      decimals: 6,
    });
    return withDialog(
      target,
      'snapnet_addErc20Token',
      target.wallet.request({
        type: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: TOKEN } },
      }),
    );
  },
  'wallet_watchAsset, not an ERC-20': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: account.address } },
    }),
  'wallet_switchStarknetChain, current chain': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: SEPOLIA },
    }),
  'wallet_switchStarknetChain { silent_mode: true }': async ({ wallet }) =>
    wallet.request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: SEPOLIA, silent_mode: true },
    }),
  'wallet_switchStarknetChain, refused': async (target) =>
    withDialog(
      target,
      'snapnet_switchNetwork',
      target.wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: MAINNET },
      }),
      false,
    ),
  'networkChanged, switch through the adapter': async (target) => {
    const seen = await eventWithin(
      target.wallet,
      'networkChanged',
      3000,
      async () =>
        withDialog(
          target,
          'snapnet_switchNetwork',
          target.wallet.request({
            type: 'wallet_switchStarknetChain',
            params: { chainId: MAINNET },
          }),
        ),
    );
    return new Described(seen);
  },
  'wallet_switchStarknetChain, other chain': async (target) =>
    withDialog(
      target,
      'snapnet_switchNetwork',
      target.wallet.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: SEPOLIA },
      }),
    ),
  'networkChanged, switch elsewhere': async (target) => {
    const other = await otherDapp(target.snap);
    const seen = await eventWithin(
      target.wallet,
      'networkChanged',
      3000,
      async () =>
        Promise.all([
          other.client.switchNetwork({ chainId: MAINNET }),
          other.answer('snapnet_switchNetwork'),
        ]),
    );
    await Promise.all([
      other.client.switchNetwork({ chainId: SEPOLIA }),
      other.answer('snapnet_switchNetwork'),
    ]);
    return new Described(seen);
  },
  'accountsChanged, account switched elsewhere': async (target) =>
    switchedBy(target, await otherDapp(target.snap)),
};
