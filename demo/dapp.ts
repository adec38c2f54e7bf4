/* eslint-disable no-restricted-globals -- a browser page: the DOM is what it works with. */
/**
 * The "Starknet dapp" panel: a dapp that knows nothing of snapnet. It finds wallets the
 * two ways Starknet dapps do — get-starknet's scan of `window.starknet_*` and the
 * Wallet Standard registry get-starknet v5 reads — and then uses only starknet.js
 * `WalletAccount` / `WalletAccountV5`. No `snapnet_*` call appears here: snapnet shows up
 * because the page (in place of a wallet extension) ran `installSnapnetWallet`.
 */
import type { StarknetWindowObject as FoundWallet } from '@starknet-io/get-starknet-core';
import { getStarknet } from '@starknet-io/get-starknet-core';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import type { TypedData } from 'starknet';
import {
  cairo,
  constants,
  RpcProvider,
  WalletAccount,
  WalletAccountV5,
} from 'starknet';

import { byId, onClick, renderList, show } from './view';

const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';

/** The node the dapp reads from (`?nodeUrl=`); the wallet signs and sends. */
const provider = new RpcProvider({
  nodeUrl:
    new URLSearchParams(window.location.search).get('nodeUrl') ??
    'https://starknet-sepolia.public.blastapi.io/rpc/v0_8',
});

const dapp: {
  account?: WalletAccount | WalletAccountV5;
  chainId?: string;
} = {};

const events: string[] = [];

/**
 * Logs a wallet event in the panel.
 *
 * @param text - What happened.
 */
function logEvent(text: string): void {
  events.push(text);
  renderList(
    'dapp-events',
    events.map((entry) => ({ text: entry })),
  );
}

/**
 * Shows the connected account and network.
 *
 * @param connectedAccount - The starknet.js account.
 * @param chainId - The wallet's network.
 */
function connected(
  connectedAccount: WalletAccount | WalletAccountV5,
  chainId: string,
): void {
  dapp.account = connectedAccount;
  dapp.chainId = chainId;
  show('dapp-account', connectedAccount.address);
  show('dapp-chain', chainId);
  for (const id of ['dapp-sign', 'dapp-send', 'dapp-switch']) {
    byId(id, HTMLButtonElement).disabled = false;
  }
}

/**
 * Connects through get-starknet's `window.starknet_*` route.
 *
 * @param wallet - The wallet object get-starknet found.
 */
async function connectInjected(wallet: FoundWallet): Promise<void> {
  await getStarknet().enable(wallet);
  const found: unknown = wallet;
  if (!isInjectedWallet(found)) {
    throw new Error('not a Starknet wallet object');
  }
  const enabled: InjectedWallet = found;
  enabled.on('networkChanged', (chainId) => {
    dapp.chainId = chainId;
    show('dapp-chain', chainId ?? '');
    logEvent(`networkChanged ${chainId ?? ''}`);
  });
  enabled.on('accountsChanged', (accounts) =>
    logEvent(`accountsChanged ${accounts?.[0] ?? ''}`),
  );
  const walletAccount = await WalletAccount.connect(provider, enabled);
  connected(
    walletAccount,
    await enabled.request({ type: 'wallet_requestChainId' }),
  );
}

/** A wallet object as starknet.js takes it (get-starknet types it with its own copy). */
type InjectedWallet = Parameters<typeof WalletAccount.connect>[1];

/**
 * Whether a found object is a wallet object (`request`, `on`, `off`).
 *
 * @param value - What get-starknet found.
 * @returns Whether starknet.js can use it.
 */
function isInjectedWallet(value: unknown): value is InjectedWallet {
  return ['request', 'on', 'off'].every(
    (key) =>
      typeof value === 'object' &&
      value !== null &&
      typeof Reflect.get(value, key) === 'function',
  );
}

/**
 * Connects through the Wallet Standard route (what get-starknet v5 does).
 *
 * @param wallet - The registered wallet.
 */
async function connectStandard(wallet: Wallet): Promise<void> {
  if (!isStarknetStandardWallet(wallet)) {
    throw new Error('this wallet lacks the Starknet features');
  }
  const standardAccount = await WalletAccountV5.connect(provider, wallet);
  standardAccount.onChange((change) => {
    const chain = change.accounts?.[0]?.chains[0];
    if (chain) {
      const chainId = chain.slice('starknet:'.length);
      dapp.chainId = chainId;
      show('dapp-chain', chainId);
      logEvent(`change ${chain}`);
    }
  });
  connected(
    standardAccount,
    wallet.accounts[0]?.chains[0]?.slice('starknet:'.length) ?? '',
  );
}

type StandardWallet = Parameters<typeof WalletAccountV5.connect>[1];

/**
 * Whether a registered wallet has the features `WalletAccountV5` needs.
 *
 * @param wallet - A Wallet Standard wallet.
 * @returns Whether it is a Starknet wallet.
 */
function isStarknetStandardWallet(wallet: Wallet): wallet is StandardWallet {
  return [
    'starknet:walletApi',
    'standard:connect',
    'standard:disconnect',
    'standard:events',
  ].every((feature) => feature in wallet.features);
}

/**
 * Runs a list-item action, showing a failure like the buttons do.
 *
 * @param action - The action.
 */
function run(action: () => Promise<void>): void {
  action().catch((error: unknown) => {
    show('error', error instanceof Error ? error.message : String(error));
  });
}

/**
 * The connected account, or an error telling the user to connect.
 *
 * @returns The account.
 */
function account(): WalletAccount | WalletAccountV5 {
  if (!dapp.account) {
    throw new Error('Connect a wallet first.');
  }
  return dapp.account;
}

/** Wires the panel's buttons (called once by demo/main.ts). */
export function mountDappPanel(): void {
  onClick('dapp-discover', async () => {
    const injected = await getStarknet().getAvailableWallets();
    const standard = getWallets().get().filter(isStarknetStandardWallet);
    renderList('dapp-wallets', [
      ...injected.map((wallet) => ({
        text: `${wallet.name} (window.starknet_${wallet.id})`,
        onSelect: (): void => run(async () => connectInjected(wallet)),
      })),
      ...standard.map((wallet) => ({
        text: `${wallet.name} (Wallet Standard)`,
        onSelect: (): void => run(async () => connectStandard(wallet)),
      })),
    ]);
  });

  onClick('dapp-sign', async () => {
    const message: TypedData = {
      types: {
        StarknetDomain: [
          { name: 'name', type: 'shortstring' },
          { name: 'version', type: 'shortstring' },
          { name: 'chainId', type: 'shortstring' },
          { name: 'revision', type: 'shortstring' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      domain: {
        name: 'Starknet dapp',
        version: '1',
        chainId: 'SN_SEPOLIA',
        revision: '1',
      },
      message: { text: byId('dapp-message', HTMLInputElement).value },
    };
    show('dapp-typed-data', JSON.stringify(message));
    const signature = await account().signMessage(message);
    show('dapp-signature', JSON.stringify(signature));
  });

  onClick('dapp-send', async () => {
    const recipient = byId('dapp-recipient', HTMLInputElement).value.trim();
    const amount = cairo.uint256(10n ** 15n);
    const { transaction_hash: hash } = await account().execute({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [BigInt(recipient), BigInt(amount.low), BigInt(amount.high)],
    });
    show('dapp-tx', hash);
  });

  onClick('dapp-switch', async () => {
    const target =
      dapp.chainId === constants.StarknetChainId.SN_MAIN
        ? constants.StarknetChainId.SN_SEPOLIA
        : constants.StarknetChainId.SN_MAIN;
    await account().switchStarknetChain(target);
  });
}
