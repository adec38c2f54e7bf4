import { describe, expect, it } from '@jest/globals';

import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
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
    });
    expectInvalidField(response, 'userAddress');
    expect(JSON.stringify(response)).not.toContain(account.privateKey.slice(2));
  });
});
