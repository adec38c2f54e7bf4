/**
 * Writes src/starknet/confusablesData.ts from Unicode's confusables.txt (UTS #39):
 * `node scripts/confusables.mjs path/to/confusables.txt > src/starknet/confusablesData.ts`;
 * and, with `--supplement`, src/starknet/confusablesSupplement.ts from the committed
 * scripts/latinLetterNames.txt (see supplement() below):
 * `node scripts/confusables.mjs --supplement scripts/latinLetterNames.txt > src/starknet/confusablesSupplement.ts`.
 * Kept: the characters whose prototype is ASCII letters or digits (what a token
 * symbol can imitate), except those NFKD already folds (the snap folds with NFKD
 * first). Each character is its code point's base-36 delta from the previous one, a
 * space and its prototype, in code point order.
 */
import { readFileSync } from 'node:fs';

/**
 * Delta-encodes `[code point, prototype]` pairs: base-36 delta from the previous code
 * point, a space, the prototype; `,` between, in code point order.
 *
 * @param {Array<[number, string]>} pairs - The characters and their prototypes.
 * @returns {string} The encoded table.
 */
function encode(pairs) {
  let previous = 0;
  return [...pairs]
    .sort(([one], [other]) => one - other)
    .map(([point, prototype]) => {
      const delta = (point - previous).toString(36);
      previous = point;
      return `${delta} ${prototype}`;
    })
    .join(',');
}

/**
 * The supplement: UTS #39 maps small capitals to Cyrillic or Greek letters and most
 * stroked or hooked Latin letters to nothing, so a symbol such as `ꜱᴛʀᴋ`, `SŦRK` or
 * `STRꝀ` would have no ASCII skeleton. Each line of latinLetterNames.txt is a Latin
 * letter named after one base letter (`LATIN LETTER SMALL CAPITAL T`,
 * `LATIN CAPITAL LETTER T WITH STROKE`): its prototype is that letter, small for SMALL
 * and SMALL CAPITAL, capital for CAPITAL.
 *
 * @param {string} namesPath - Path of latinLetterNames.txt.
 */
function supplement(namesPath) {
  const names = readFileSync(namesPath, 'utf8');
  const ucd =
    /Unicode Character Database (\S+),/u.exec(names)?.[1] ?? 'unknown';
  const pairs = [];
  for (const line of names.split('\n')) {
    const match =
      /^([0-9A-F]+);LATIN (CAPITAL |SMALL )?LETTER (SMALL CAPITAL )?([A-Z])(?: WITH .+)?$/u.exec(
        line,
      );
    if (match) {
      const capital = match[2] === 'CAPITAL ' && match[3] === undefined;
      pairs.push([
        parseInt(match[1], 16),
        capital ? match[4] : match[4].toLowerCase(),
      ]);
    }
  }
  process.stdout.write(`/**
 * Latin letters drawn as a small capital or with a stroke, hook, bar, tail or other
 * attachment, mapped to their base letter: the look-alikes UTS #39 confusables.txt
 * gives no ASCII prototype. Written by scripts/confusables.mjs --supplement from
 * scripts/latinLetterNames.txt (character names of the Unicode Character Database
 * ${ucd}): same encoding as confusablesData.ts.
 */
export const LATIN_SUPPLEMENT =
  '${encode(pairs)}';
`);
}

/**
 * The main table, from confusables.txt.
 *
 * @param {string} path - Path of confusables.txt.
 */
function confusables(path) {
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
      byPrototype.set(prototype, [
        ...(byPrototype.get(prototype) ?? []),
        point,
      ]);
    }
  }
  const encoded = encode(
    [...byPrototype.entries()].flatMap(([prototype, points]) =>
      points.map((point) => [point, prototype]),
    ),
  );
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
}

const [, , first, second] = process.argv;
if (first === '--supplement') {
  supplement(second);
} else {
  confusables(first);
}
