/**
 * Writes src/starknet/confusablesData.ts from Unicode's confusables.txt (UTS #39):
 * `node scripts/confusables.mjs path/to/confusables.txt > src/starknet/confusablesData.ts`.
 * Kept: the characters whose prototype is ASCII letters or digits (what a token
 * symbol can imitate), except those NFKD already folds (the snap folds with NFKD
 * first). Each character is its code point's base-36 delta from the previous one, a
 * space and its prototype, in code point order.
 */
import { readFileSync } from 'node:fs';

const [, , path] = process.argv;
const text = readFileSync(path, 'utf8');
const version = /# Version: (\S+)/u.exec(text)?.[1] ?? 'unknown';
const date = /# Date: ([^,\n]+)/u.exec(text)?.[1] ?? 'unknown';
const fold = (value) =>
  value
    .normalize('NFKD')
    .replace(/[\p{Default_Ignorable_Code_Point}\p{Mn}]/gu, '');
const byPrototype = new Map();
for (const line of text.split('\n')) {
  const match = /^([0-9A-F]+) ;\t([0-9A-F ]+) ;\tMA/u.exec(line);
  if (!match) {
    continue;
  }
  const point = parseInt(match[1], 16);
  const source = String.fromCodePoint(point);
  const prototype = match[2]
    .trim()
    .split(' ')
    .map((digits) => String.fromCodePoint(parseInt(digits, 16)))
    .join('');
  if (/^[0-9A-Za-z]+$/u.test(prototype) && fold(source) === source) {
    byPrototype.set(prototype, [...(byPrototype.get(prototype) ?? []), point]);
  }
}
let previous = 0;
const encoded = [...byPrototype.entries()]
  .flatMap(([prototype, points]) => points.map((point) => [point, prototype]))
  .sort(([one], [other]) => one - other)
  .map(([point, prototype]) => {
    const delta = (point - previous).toString(36);
    previous = point;
    return `${delta} ${prototype}`;
  })
  .join(',');
process.stdout.write(`/**
 * Unicode confusables whose prototype is ASCII letters or digits, from confusables.txt
 * of Unicode Security Mechanisms (UTS #39) version ${version} (${date}),
 * https://www.unicode.org/Public/security/${version}/confusables.txt, written by
 * scripts/confusables.mjs: \`delta prototype\` per character, \`,\` between, in code point
 * order (delta: base 36, from the previous code point). Characters NFKD folds are left
 * out (lookAlike.ts folds with NFKD first).
 */
export const CONFUSABLES_VERSION = '${version}';

/** The encoded table (see the file's comment). */
export const CONFUSABLES =
  '${encoded}';
`);
