import { ec } from 'starknet';

import { grindStarkKey } from '../../src/keys/derive';
import { accountAddress } from '../../src/starknet/accounts/address';
import { expectedAccount, grind, hex64 } from '../fixtures/wallet';

describe('key derivation rules', () => {
  it('grinds like starknet.js grindKey and the independent fixture', () => {
    const key = new Uint8Array(32).fill(7);
    const expected = hex64(grind(key));
    expect(grindStarkKey(`0x${Buffer.from(key).toString('hex')}`)).toBe(
      expected,
    );
    expect(hex64(`0x${ec.starkCurve.grindKey(key)}`)).toBe(expected);
  });

  it('computes the same account addresses as the fixture', () => {
    for (const index of [0, 1, 2]) {
      const account = expectedAccount(index);
      expect(accountAddress(account.publicKey, '1')).toBe(account.address);
      expect(accountAddress(account.publicKey, '0')).toBe(account.proxyAddress);
    }
  });

  it('gives distinct keys per index', () => {
    const keys = [0, 1, 2].map((index) => expectedAccount(index).publicKey);
    expect(new Set(keys).size).toBe(3);
  });
});
