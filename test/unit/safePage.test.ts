import { afterEach, describe, expect, it } from '@jest/globals';

import { InvalidField } from '../../src/errors';
import { safePage } from '../../src/home/safePage';
import { installSigningWallet } from '../fixtures/signingWallet';

describe('home page error boundary', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'snap');
  });

  it('renders an error page naming the problem when the page cannot be built', async () => {
    await installSigningWallet(null, false);
    const page = await safePage(async () => {
      throw new InvalidField('currentNetwork', 'is damaged');
    });
    const text = JSON.stringify(page);
    expect(text).toContain('The page could not be shown');
    expect(text).toContain('Invalid params: currentNetwork: is damaged');
  });

  it('still renders, in English, when the wallet cannot say the language', async () => {
    Reflect.set(globalThis, 'snap', {
      request: async () => {
        throw new Error('wallet gone');
      },
    });
    const page = await safePage(async () => {
      throw new Error('state unreadable');
    });
    expect(JSON.stringify(page)).toContain('state unreadable');
  });
});
