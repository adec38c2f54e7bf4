import { describe, expect, it } from '@jest/globals';

import {
  ARGENT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
} from '../../src/starknet/accounts/address';
import {
  ARGENT_040_CLASS_HASH,
  LEGACY_MAX_TIP,
  checkLegacyTip,
  nextUpgrade,
  runningKind,
} from '../../src/starknet/accounts/legacy';

describe("Argent's safe upgrade path, decided by the class on chain", () => {
  it('goes Cairo 0 -> 0.3.1 (non-empty calldata) -> 0.4.0 and stops there', () => {
    expect(nextUpgrade(ARGENT_PROXY_CLASS_HASH)).toStrictEqual({
      fromVersion: '0.2.3',
      toVersion: '0.3.1',
      toClassHash: ARGENT_CLASS_HASH,
      calldata: [ARGENT_CLASS_HASH, '0x1', '0x0'],
    });
    expect(nextUpgrade(ARGENT_CLASS_HASH)).toStrictEqual({
      fromVersion: '0.3.1',
      toVersion: '0.4.0',
      toClassHash: ARGENT_040_CLASS_HASH,
      calldata: [ARGENT_040_CLASS_HASH, '0x0'],
    });
    expect(nextUpgrade(ARGENT_040_CLASS_HASH)).toBeUndefined();
    expect(nextUpgrade('0x1234')).toBeUndefined();
  });

  it('takes the calldata format from the class on chain, the formula only while undeployed', () => {
    expect(runningKind({ cairoVersion: '0' }, {})).toBe('0');
    expect(
      runningKind(
        { cairoVersion: '0' },
        { classHash: `0x0${ARGENT_PROXY_CLASS_HASH.slice(2)}` },
      ),
    ).toBe('0');
    // A legacy address upgraded in place runs Cairo 1.
    expect(
      runningKind({ cairoVersion: '0' }, { classHash: ARGENT_CLASS_HASH }),
    ).toBe('1');
    expect(runningKind({ cairoVersion: '1' }, {})).toBe('1');
  });

  it('refuses a tip above the whitelist maximum only for Cairo 0', () => {
    const above = { tip: `0x${(LEGACY_MAX_TIP + 1n).toString(16)}` };
    expect(() => checkLegacyTip('0', above)).toThrow(/details\.tip/u);
    expect(() =>
      checkLegacyTip('0', { tip: `0x${LEGACY_MAX_TIP.toString(16)}` }),
    ).not.toThrow();
    expect(() => checkLegacyTip('1', above)).not.toThrow();
    expect(() => checkLegacyTip('0', undefined)).not.toThrow();
  });
});
