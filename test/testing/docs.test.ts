/**
 * docs/testing.md shows files of the suite verbatim: each `<!-- file: path -->` marker is
 * followed by a code block equal to that file, so the documented example is the test that
 * runs (test/testing/docExample.test.ts) and cannot drift from it.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const doc = readFileSync(resolve(ROOT, 'docs/testing.md'), 'utf8');
const shown = [
  ...doc.matchAll(/<!-- file: (\S+) -->\s*```ts\n([\s\S]*?)```/gu),
].map(([, path, code]) => ({ path: path ?? '', code: code ?? '' }));

describe('docs/testing.md', () => {
  it('shows the example test and its dapp', () => {
    expect(shown.map(({ path }) => path)).toStrictEqual([
      'test/testing/docExample.test.ts',
      'test/fixtures/dapp/dapp.ts',
    ]);
  });

  it.each(shown)('shows $path as it is', ({ path, code }) => {
    expect(code).toBe(readFileSync(resolve(ROOT, path), 'utf8'));
  });
});
