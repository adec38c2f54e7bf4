import { beforeEach, describe, expect, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { MAINNET, SEPOLIA, expectedAccount } from '../fixtures/wallet';
import { confirmationOf, installSnapnet, resultOf, textOf } from './helpers';

const sepolia = fakeNode('sepolia');
const mainnet = fakeNode('mainnet');
const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';
const TOKEN = '0x777';
const account = expectedAccount(0).address;

describe('home page', () => {
  beforeEach(async () => {
    await sepolia.reset();
    await mainnet.reset();
  });

  it('offers to create an account when there is none, and shows it once created', async () => {
    // No page connected: the account the home page creates is given to none.
    const { onHomePage, request } = await installSnapnet({ connected: false });
    const page = await onHomePage();
    const before = page.getInterface();
    const empty = textOf(before);
    expect(empty).toContain('Starknet Sepolia');
    expect(empty).toContain(
      'You have no Starknet account on this network yet.',
    );
    expect(empty).toContain('Create account');

    await before.clickElement('create-account');
    const after = textOf(page.getInterface());
    expect(after).toContain(account);
    expect(after).toContain(
      `https://sepolia.voyager.online/contract/${account}`,
    );
    expect(after).toContain('View on Voyager');
    expect(after).not.toContain('Create account');
    // The user's account: MetaMask sees it, no page was given it.
    expect(
      resultOf(
        await request({ method: 'snapnet_listAccounts', origin: 'metamask' }),
      ),
    ).toMatchObject([{ address: account, addressIndex: 0 }]);
    expect(resultOf(await request({ method: 'snapnet_listAccounts' }))).toEqual(
      [],
    );
  });

  it('shows the balances of the watch list from the node, formatted, read in one batch', async () => {
    await sepolia.addToken({
      address: TOKEN,
      name: 'Seven',
      symbol: 'SVN',
      decimals: 2,
    });
    await sepolia.setBalance(STRK, account, 1_500_000_000_000_000_000n);
    await sepolia.setBalance(ETH, account, 123n);
    await sepolia.setBalance(TOKEN, account, 70_005n);
    const { onHomePage, request } = await installSnapnet();
    await request({ method: 'snapnet_createAccount' });
    const adding = request({
      method: 'snapnet_addErc20Token',
      params: {
        chainId: SEPOLIA,
        tokenAddress: TOKEN,
        tokenName: 'Seven',
        tokenSymbol: 'SVN',
      },
    });
    await (await confirmationOf(adding)).ok();
    await adding;

    await sepolia.clearRequests();
    const text = textOf((await onHomePage()).getInterface());
    expect(text).toContain('Starknet Sepolia');
    expect(text).toContain(account);
    expect(text).toContain('Balances');
    // Row label, then its value: each symbol is followed by its own amount.
    expect(text).toMatch(/ETH\n0\.000000000000000123\n/u);
    expect(text).toMatch(/STRK\n1\.5\n/u);
    expect(text).toMatch(/SVN\n700\.05(\n|$)/u);

    const traffic = await sepolia.requests();
    expect(traffic.httpRequests).toBe(1);
    // The account's class (its version) and its three balances, in one batch.
    expect(traffic.rpcCalls).toHaveLength(4);
    expect(
      traffic.rpcCalls.map((call) => JSON.stringify(call.params)).join(),
    ).toContain(`"0x${BigInt(TOKEN).toString(16)}"`); // spec wire form: no zero padding
  });

  it("follows the wallet's own network, not a page's", async () => {
    await mainnet.setBalance(
      '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8',
      account,
      2_000_000n,
    );
    const { onHomePage, request } = await installSnapnet();
    await request({
      method: 'snapnet_createAccount',
      params: { chainId: MAINNET },
    });
    // A page's switch moves that page only (MetaMask's per-site network)…
    const byPage = request({
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    await (await confirmationOf(byPage)).ok();
    await byPage;
    expect(textOf((await onHomePage()).getInterface())).toContain(
      'Starknet Sepolia',
    );
    // …MetaMask's own switch moves the wallet's network, which the home page shows.
    const switching = request({
      origin: 'metamask',
      method: 'snapnet_switchNetwork',
      params: { chainId: MAINNET },
    });
    await (await confirmationOf(switching)).ok();
    await switching;
    const text = textOf((await onHomePage()).getInterface());
    expect(text).toContain('Starknet Mainnet');
    expect(text).toContain(`https://voyager.online/contract/${account}`);
    expect(text).toMatch(/USDC\n2\n/u);
    expect(text).toMatch(/USDT\n0(\n|$)/u);
  });

  it('says so when the node is unreachable, and still shows the account', async () => {
    const { onHomePage, request } = await installSnapnet();
    await request({ method: 'snapnet_createAccount' });
    await sepolia.fault({ kind: 'refuse' });
    const text = textOf((await onHomePage()).getInterface());
    expect(text).toContain(account);
    expect(text).toContain('Balances unavailable');
    expect(text).toContain(
      'The Starknet node of Starknet Sepolia could not be reached. Try again later, or choose another node below.',
    );
    expect(text).not.toContain('STRK');
  });

  it('marks a single token the node cannot read as unavailable', async () => {
    await sepolia.addToken({
      address: TOKEN,
      name: 'Seven',
      symbol: 'SVN',
      decimals: 2,
    });
    const { onHomePage, request } = await installSnapnet();
    await request({ method: 'snapnet_createAccount' });
    const adding = request({
      method: 'snapnet_addErc20Token',
      params: {
        chainId: SEPOLIA,
        tokenAddress: TOKEN,
        tokenName: 'Seven',
        tokenSymbol: 'SVN',
      },
    });
    await (await confirmationOf(adding)).ok();
    await adding;
    await sepolia.reset();
    const text = textOf((await onHomePage()).getInterface());
    expect(text).toMatch(/STRK\n0\n/u);
    expect(text).toMatch(/SVN\nunavailable/u);
  });

  it('shows the current account and lets the user pick another, per network', async () => {
    const { onHomePage, request } = await installSnapnet();
    for (const addressIndex of [0, 1]) {
      await request({
        method: 'snapnet_createAccount',
        params: { addressIndex },
      });
    }
    await request({
      method: 'snapnet_createAccount',
      params: { chainId: MAINNET },
    });
    const second = expectedAccount(1).address;
    const page = await onHomePage();
    const before = page.getInterface();
    expect(textOf(before)).toContain('Current account');
    expect(textOf(before)).toContain(
      `https://sepolia.voyager.online/contract/${account}`,
    );
    // No dialog: the user acts in the wallet itself.
    await before.selectInDropdown('current-account', second);
    const after = textOf(page.getInterface());
    expect(after).toContain(
      `https://sepolia.voyager.online/contract/${second}`,
    );
    expect(after).not.toContain(`/contract/${account}`);
    expect(
      resultOf(
        await request({
          method: 'snapnet_getCurrentAccount',
          origin: 'metamask',
        }),
      ),
    ).toMatchObject({ address: second, addressIndex: 1 });
    expect(
      resultOf(
        await request({
          method: 'snapnet_getCurrentAccount',
          params: { chainId: MAINNET },
          origin: 'metamask',
        }),
      ),
    ).toMatchObject({ address: account, addressIndex: 0 });
    // The page keeps the account it has (the user's choice is not a page's).
    expect(
      resultOf(await request({ method: 'snapnet_getCurrentAccount' })),
    ).toMatchObject({ address: account, addressIndex: 0 });
    // A fresh page sees the choice.
    expect(textOf((await onHomePage()).getInterface())).toContain(
      `https://sepolia.voyager.online/contract/${second}`,
    );
  });

  it("lists the account a dapp was switched to under that site, the user's current account unchanged", async () => {
    const { onHomePage, request } = await installSnapnet();
    await request({ method: 'snapnet_createAccount' });
    const second = expectedAccount(2).address;
    const switching = request({
      method: 'snapnet_switchAccount',
      params: { address: second },
    });
    await (await confirmationOf(switching)).ok();
    await switching;
    const text = textOf((await onHomePage()).getInterface());
    expect(text).toContain(
      `https://sepolia.voyager.online/contract/${account}`,
    );
    expect(text).toContain('https://metamask.io');
    expect(text).toContain('#2');
  });

  it('is in French when MetaMask is', async () => {
    const { onHomePage } = await installSnap({ options: { locale: 'fr' } });
    const text = textOf((await onHomePage()).getInterface());
    expect(text).toContain('Réseau');
    expect(text).toContain(
      'Vous n’avez pas encore de compte Starknet sur ce réseau.',
    );
    expect(text).toContain('Créer un compte');
  });

  it('exports the current account key after a click confirmation, in its own page only', async () => {
    const { onHomePage, request } = await installSnapnet();
    await request({ method: 'snapnet_createAccount' });
    const { privateKey } = expectedAccount(0);
    const page = await onHomePage();
    const home = page.getInterface();
    expect(textOf(home)).toContain('Export private key');
    expect(textOf(home)).not.toContain(privateKey);

    await home.clickElement('export-key');
    const confirming = page.getInterface();
    expect(textOf(confirming)).toContain(account);
    expect(textOf(confirming)).toContain('Show private key');
    expect(textOf(confirming)).not.toContain(privateKey);

    await confirming.clickElement('export-key-confirm');
    const shown = page.getInterface();
    expect(textOf(shown)).toContain(privateKey);

    await shown.clickElement('export-key-close');
    const back = textOf(page.getInterface());
    expect(back).toContain('Export private key');
    expect(back).not.toContain(privateKey);
  });

  it('shows no key when the export is cancelled', async () => {
    const { onHomePage, request } = await installSnapnet();
    await request({ method: 'snapnet_createAccount' });
    const page = await onHomePage();
    await page.getInterface().clickElement('export-key');
    await page.getInterface().clickElement('export-key-close');
    const text = textOf(page.getInterface());
    expect(text).toContain('Export private key');
    expect(text).not.toContain(expectedAccount(0).privateKey);
  });
});
