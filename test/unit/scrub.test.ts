import { describe, expect, it } from '@jest/globals';

import { nodeScrubs, scrubJson, urlSecrets } from '../../src/errors/scrub';

const URL_WITH_KEY =
  'https://node.example:8545/rpc/v0_10?apikey=SECRET-KEY-123';

describe('node error scrubbing', () => {
  it("lists a URL's query, its values and key-like path segments, longest first", () => {
    const secrets = urlSecrets(URL_WITH_KEY);
    expect(secrets).toEqual(
      expect.arrayContaining([
        URL_WITH_KEY,
        '?apikey=SECRET-KEY-123',
        'SECRET-KEY-123',
      ]),
    );
    expect(secrets[0]).toBe(URL_WITH_KEY);
    expect(
      urlSecrets('https://starknet-mainnet.infura.io/v3/0123456789abcdef0123'),
    ).toContain('0123456789abcdef0123');
  });

  it('removes the URL and key from messages and data; the host too when hidden', () => {
    const details = {
      method: 'starknet_call',
      message: `bad key SECRET-KEY-123 at ${URL_WITH_KEY} (node.example:8545)`,
      data: { url: URL_WITH_KEY, nested: ['SECRET-KEY-123'] },
    };
    const named = JSON.stringify(
      scrubJson(details, nodeScrubs(URL_WITH_KEY, false)),
    );
    expect(named).not.toContain('SECRET');
    expect(named).not.toContain('apikey');
    expect(named).toContain('node.example:8545');
    const hidden = JSON.stringify(
      scrubJson(details, nodeScrubs(URL_WITH_KEY, true)),
    );
    expect(hidden).not.toContain('SECRET');
    expect(hidden).not.toContain('node.example');
    expect(hidden).toContain('your node');
    expect(hidden).toContain('starknet_call');
  });
});
