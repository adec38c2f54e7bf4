import { describe, expect, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';

import { STRK } from '../../src/fakeNode/constants';
import { SEPOLIA, expectedRecord, hex64 } from '../fixtures/wallet';
import { resultOf, textOf } from './helpers';

const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';

const record = (address: string, symbol: string) => ({
  address,
  name: symbol,
  symbol,
  decimals: 18,
  logo: '',
});

/** A state as version 1 could have stored it: a preloaded copy, an unpadded address twice. */
const VERSION_1 = {
  version: 1,
  currentNetwork: SEPOLIA,
  accounts: {},
  transactions: {},
  tokens: {
    [SEPOLIA]: [
      record(ETH, 'ETH'),
      record('0x777', 'SVN'),
      record('0x0777', 'SVN'),
    ],
  },
};

const token = (address: string, symbol: string) => ({
  address,
  symbol,
  decimals: 18,
  logo: '',
});

describe('onInstall', () => {
  it('explains what the snap does', async () => {
    const { onInstall } = await installSnap();
    const pending = onInstall();
    const ui = await pending.getInterface();
    expect(ui.type).toBe('alert');
    const text = textOf(ui);
    expect(text).toContain('Welcome to snapnet');
    expect(text).toContain(
      'every signature, transaction and token addition waits for your approval here',
    );
    if (ui.type === 'alert') {
      await ui.ok();
    }
    await pending;
  });

  it('explains it in French too', async () => {
    const { onInstall } = await installSnap({ options: { locale: 'fr' } });
    const pending = onInstall();
    const ui = await pending.getInterface();
    expect(textOf(ui)).toContain('Bienvenue dans snapnet');
    if (ui.type === 'alert') {
      await ui.ok();
    }
    await pending;
  });
});

describe('onUpdate', () => {
  it('migrates the stored state, which any load also does before onUpdate ran', async () => {
    const { onUpdate, request } = await installSnap({
      options: { state: VERSION_1 },
    });
    const migrated = [
      token(ETH, 'ETH'),
      token(STRK, 'STRK'),
      token(hex64('0x777'), 'SVN'),
    ];
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual(migrated);

    const update = await onUpdate();
    expect(update.response).toEqual({ result: null });
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual(migrated);
  });

  it('keeps the account a wallet showed so far as its current account (v4)', async () => {
    const stored = expectedRecord(2);
    const { onUpdate, request } = await installSnap({
      options: {
        state: {
          version: 2,
          currentNetwork: SEPOLIA,
          accounts: { [SEPOLIA]: [stored] },
          tokens: {},
          transactions: {},
        },
      },
    });
    const current = async () =>
      resultOf(
        await request({
          method: 'snapnet_getCurrentAccount',
          origin: 'metamask',
        }),
      );
    expect(await current()).toEqual(stored);
    await onUpdate();
    // A lower index created afterwards (by the user: a page's opens a dialog) does
    // not take its place.
    resultOf(
      await request({
        method: 'snapnet_createAccount',
        params: { addressIndex: 0 },
        origin: 'metamask',
      }),
    );
    expect(await current()).toEqual(stored);
    expect(
      resultOf(
        await request({ method: 'snapnet_listAccounts', origin: 'metamask' }),
      ),
    ).toMatchObject([{ addressIndex: 0 }, { addressIndex: 2 }]);
  });

  it('leaves a fresh install and a current state as they are', async () => {
    const { onUpdate, request } = await installSnap();
    await onUpdate();
    expect(
      resultOf(await request({ method: 'snapnet_getStoredErc20Tokens' })),
    ).toEqual([token(ETH, 'ETH'), token(STRK, 'STRK')]);
  });
});
