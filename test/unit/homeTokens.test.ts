import { describe, expect, it } from '@jest/globals';

import { dialogText } from '../../src/client/testing/dialogs';
import { HomeAccounts } from '../../src/ui/HomeAccounts';
import { translator } from '../../src/ui/i18n';

const account = {
  address: `0x${'1'.padStart(64, '0')}`,
  addressIndex: 0,
  cairoVersion: '1' as const,
  version: '0.4.0',
  upgradeTo: undefined,
};

describe("the home page's balances", () => {
  it('marks a token a page added as unverified, with that page; a listed one plainly', () => {
    const page = HomeAccounts({
      translate: translator('en'),
      notice: undefined,
      accounts: [
        {
          ...account,
          balances: [
            { symbol: 'STRK', amount: '10' },
            { symbol: 'STRK', amount: '1000', addedBy: 'https://evil.example' },
            { symbol: 'USDC', amount: '5', addedBy: '' },
          ],
        },
      ],
    });
    const text = dialogText({ content: page });
    expect(text).toContain('STRK\n10');
    expect(text).toContain(
      'STRK · https://evil.example\n1000 · unverified token',
    );
    expect(text).toContain('5 · unverified token');
    expect(text).not.toContain('STRK\n1000');
  });
});
