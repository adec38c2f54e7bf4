/**
 * A user's clone has nothing beside it: no file of the project may point outside the
 * repository (a spec folder beside the clone, a sibling checkout). Every relative path
 * written in a tracked text file — a string literal, a Markdown link, or the `'..'`
 * segments of a `resolve`/`join` call — must stay inside the repository root.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
/** This file: its samples below escape on purpose. */
const SELF = relative(ROOT, __filename);
const TEXT = /\.(?:[cm]?[jt]sx?|json|md|sh|ya?ml)$|^\.ci\/run$/u;
/** `../x` after a quote, a backtick, `(` or a space: a relative path literal or link. */
const RELATIVE = /(?<=["'`(\s])((?:\.\.\/)+[\w.@-][^"'`)\s]*)/gu;
/** `resolve(a, '..', '..', …)` / `join(…)`: the leading base and its `'..'` segments. */
const SEGMENTS = /\b(?:resolve|join)\(\s*([\w.]+)((?:\s*,\s*['"]\.\.['"])+)/gu;

/**
 * The tracked files (git knows them in every clone CI runs from).
 *
 * @returns Paths relative to the root.
 */
function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out
    .split('\0')
    .filter(
      (file) => TEXT.test(file) && file !== SELF && !file.startsWith('spec/'),
    );
}

/**
 * Where a file's relative paths lead outside the root.
 *
 * @param file - A file, relative to the root.
 * @param text - Its text.
 * @returns One line per escaping path.
 */
function escapes(file: string, text: string): string[] {
  const dir = dirname(resolve(ROOT, file));
  const found: string[] = [];
  const outside = (target: string): boolean =>
    relative(ROOT, target).startsWith('..');
  for (const match of text.matchAll(RELATIVE)) {
    const path = match[1] ?? '';
    if (outside(resolve(dir, path))) {
      found.push(`${file}: ${path}`);
    }
  }
  for (const match of text.matchAll(SEGMENTS)) {
    const base = match[1] === '__dirname' ? dir : undefined;
    const ups = (match[2] ?? '').split(',').length - 1;
    if (
      base !== undefined &&
      outside(resolve(base, ...Array(ups).fill('..')))
    ) {
      found.push(`${file}: ${match[0]}`);
    }
  }
  if (/\.\.\/shared\b|['"]\.\.['"],\s*['"]shared['"]/u.test(text)) {
    found.push(`${file}: refers to the shared folder beside the repository`);
  }
  return found;
}

describe('the repository stands alone', () => {
  it('has no tracked file that refers to a path outside it', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      escapes(file, readFileSync(resolve(ROOT, file), 'utf8')),
    );
    expect(found).toStrictEqual([]);
  });

  it('catches each way a path can leave the repository', () => {
    const file = 'test/e2e/x.test.ts';
    // The folder this guards against, spelled so this file does not name it itself.
    const sibling = ['sha', 'red'].join('');
    const leaving = [
      `const SPEC = resolve(__dirname, '..', '..', '..', 'spec');`,
      `import x from '../../../other/x';`,
      'see [the spec](../../../spec.md)',
      `const dir = join(ROOT, '..', '${sibling}');`,
    ];
    for (const text of leaving) {
      expect(escapes(file, text)).toHaveLength(1);
    }
    const staying = [
      `const SPEC = resolve(__dirname, '..', '..', 'spec');`,
      `import x from '../../src/x';`,
      'see [the spec](../../docs/node.md)',
    ];
    for (const text of staying) {
      expect(escapes(file, text)).toStrictEqual([]);
    }
  });
});
