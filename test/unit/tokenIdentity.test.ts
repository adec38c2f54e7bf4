/**
 * Token identity in the confirmation's preview: a token the user did not list is shown
 * by its address and marked unverified, a look-alike of a listed symbol is flagged,
 * spenders are named only from the snap's own table, and contract-returned symbols lose
 * control and bidi characters and are cut to a length.
 */
import { describe, expect, it } from '@jest/globals';

import type { Preview } from '../../src/starknet/review/preview';
import {
  CONTRACT_SYMBOL_MAX,
  contractText,
  describePreview,
} from '../../src/ui/describePreview';
import { shorten } from '../../src/ui/format';
import { translator } from '../../src/ui/i18n';

const felt = (digits: string): string => `0x${digits.padStart(64, '0')}`;
const STRK = felt(
  '4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
);
const FAKE = felt('fa4e');
const SPENDER = felt('5e7d');
const ONE = 10n ** 18n;
const listed = [{ address: STRK, symbol: 'STRK', decimals: 18 }];

/**
 * A preview with the given balance changes and approvals.
 *
 * @param changes - Token → delta.
 * @param approvals - Approvals.
 * @returns The preview.
 */
function previewOf(
  changes: [string, bigint][],
  approvals: Preview['approvals'] = [],
): Preview {
  return {
    balanceChanges: new Map(changes),
    approvals,
    nftChanges: [],
    operators: [],
    nftApprovals: [],
    unreadEvents: 0,
    accountChanges: [],
    revertReason: undefined,
  };
}

describe('token identity in the preview', () => {
  it('shows a fake STRK by its address, unverified, with an imitation warning', () => {
    const shown = describePreview(
      previewOf([
        [STRK, -1000n * ONE],
        [FAKE, 1000n * ONE],
      ]),
      { listed, unlisted: [{ address: FAKE, symbol: 'STRK', decimals: 18 }] },
      translator('en'),
    );
    expect(shown.changes).toStrictEqual([
      { token: 'STRK', amount: '-1000 STRK' },
      { token: shorten(FAKE), amount: '+1000 STRK', unverified: true },
    ]);
    expect(shown.imitations).toStrictEqual([{ address: FAKE, symbol: 'STRK' }]);
  });

  it('sees through case, full-width letters and hidden characters', () => {
    for (const symbol of ['strk', 'ＳＴＲＫ', 'ST\u202eRK', 'S\u200bTRK']) {
      const shown = describePreview(
        previewOf([[FAKE, ONE]]),
        { listed, unlisted: [{ address: FAKE, symbol, decimals: 18 }] },
        translator('en'),
      );
      expect(shown.imitations).toHaveLength(1);
    }
    const other = describePreview(
      previewOf([[FAKE, ONE]]),
      { listed, unlisted: [{ address: FAKE, symbol: 'PRV', decimals: 18 }] },
      translator('en'),
    );
    expect(other.imitations).toStrictEqual([]);
  });

  it('strips control and bidi characters and cuts long symbols', () => {
    expect(contractText('US\u202eDC\u0000', 12)).toBe('USDC');
    const long = 'A'.repeat(40);
    const cut = contractText(long, CONTRACT_SYMBOL_MAX);
    expect([...cut]).toHaveLength(CONTRACT_SYMBOL_MAX);
    expect(cut.endsWith('…')).toBe(true);
    const shown = describePreview(
      previewOf([[FAKE, ONE]]),
      {
        listed,
        unlisted: [{ address: FAKE, symbol: `X\u202e${long}`, decimals: 18 }],
      },
      translator('en'),
    );
    expect(shown.changes[0]?.amount).toBe(`+1 X${'A'.repeat(10)}…`);
  });

  it('sees through Unicode confusables, and flags a listed look-alike a page added', () => {
    for (const symbol of ['ЅТRК', 'SТRK', '𝐒𝐓𝐑𝐊', 'ṢTRK']) {
      const shown = describePreview(
        previewOf([[FAKE, ONE]]),
        { listed, unlisted: [{ address: FAKE, symbol, decimals: 18 }] },
        translator('en'),
      );
      expect(shown.imitations).toStrictEqual([{ address: FAKE, symbol }]);
    }
    // Listed (added before look-alikes were refused): still flagged; STRK itself never.
    const shown = describePreview(
      previewOf([
        [STRK, -ONE],
        [FAKE, ONE],
      ]),
      {
        listed: [...listed, { address: FAKE, symbol: 'ЅТRК', decimals: 18 }],
        unlisted: [],
      },
      translator('en'),
    );
    expect(shown.imitations).toStrictEqual([{ address: FAKE, symbol: 'ЅТRК' }]);
  });

  it("names a spender only from the snap's own table, never from a page-added token or a token read on chain", () => {
    const approvals = [{ token: STRK, spender: SPENDER, amount: ONE }];
    const unlistedSpender = describePreview(
      previewOf([], approvals),
      {
        listed,
        unlisted: [{ address: SPENDER, symbol: 'Uniswap', decimals: 0 }],
      },
      translator('en'),
    );
    expect(unlistedSpender.approvals[0]?.spenderName).toBeUndefined();
    const listedSpender = describePreview(
      previewOf([], approvals),
      {
        listed: [...listed, { address: SPENDER, symbol: 'AVNU', decimals: 18 }],
        unlisted: [],
      },
      translator('en'),
    );
    expect(listedSpender.approvals[0]?.spenderName).toBeUndefined();
    const knownSpender = describePreview(
      previewOf([], [{ token: STRK, spender: STRK, amount: ONE }]),
      { listed, unlisted: [] },
      translator('en'),
    );
    expect(knownSpender.approvals[0]?.spenderName).toBe('STRK');
  });
});
