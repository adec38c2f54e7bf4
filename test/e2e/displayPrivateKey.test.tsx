import { describe, expect, it } from '@jest/globals';

import { KEY_EXPORT_ORIGIN } from '../fixtures/origins';
import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const account = expectedAccount(0);

describe('snapnet_displayPrivateKey', () => {
  it('shows the key in a wallet dialog after confirmation and returns null', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_displayPrivateKey',
      params: { userAddress: account.address },
      origin: KEY_EXPORT_ORIGIN,
    });
    const confirmation = await confirmationOf(pending);
    expect(textOf(confirmation)).toContain(account.address);
    expect(textOf(confirmation)).not.toContain(account.privateKey);
    await confirmation.ok();
    const alert = await pending.getInterface();
    expect(alert.type).toBe('alert');
    expect(textOf(alert)).toContain(account.privateKey);
    if (alert.type !== 'alert') {
      throw new Error('expected an alert');
    }
    await alert.ok();
    const response = await pending;
    expect(resultOf(response)).toBeNull();
    expect(JSON.stringify(response)).not.toContain(account.privateKey.slice(2));
  });

  it('returns null and shows nothing more when the user refuses', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_displayPrivateKey',
      params: { userAddress: account.address },
      origin: KEY_EXPORT_ORIGIN,
    });
    await (await confirmationOf(pending)).cancel();
    const response = await pending;
    expect(resultOf(response)).toBeNull();
    expect(JSON.stringify(response)).not.toContain(account.privateKey.slice(2));
  });

  it('refuses an address that is not this wallet, before any dialog', async () => {
    const { request } = await installSnapnet();
    const response = await request({
      method: 'snapnet_displayPrivateKey',
      params: { userAddress: '0x1234' },
      origin: KEY_EXPORT_ORIGIN,
    });
    expectInvalidField(response, 'userAddress');
    expect(JSON.stringify(response)).not.toContain(account.privateKey.slice(2));
  });

  it.each([
    ['another dapp', 'https://evil.example', { userAddress: account.address }],
    ['the default origin', undefined, { userAddress: account.address }],
    // The origin is checked before the params: malformed ones get the same answer.
    ['another dapp, bad params', 'https://evil.example', { userAddress: 7 }],
  ])(
    'refuses %s with 4100 pointing to the home page, and shows no dialog',
    async (_who, origin, params) => {
      const { request } = await installSnapnet();
      // A dialog would hold the request until answered: it resolves on its own.
      const response = await request({
        method: 'snapnet_displayPrivateKey',
        params,
        ...(origin === undefined ? {} : { origin }),
      });
      const error = errorOf(response);
      expect(error.code).toBe(4100);
      expect(error.message).toContain('snapnet_displayPrivateKey');
      expect(error.message).toContain("'Export private key'");
      expect(JSON.stringify(response)).not.toContain(
        account.privateKey.slice(2),
      );
    },
  );
});
