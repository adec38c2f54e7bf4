import { CONFUSABLES } from './confusablesData';
import { LATIN_SUPPLEMENT } from './confusablesSupplement';

/** Code point → its ASCII prototype, decoded once from the two tables. */
let prototypes: Map<number, string> | undefined;

/**
 * Decodes one delta-encoded table (see confusablesData.ts) into `table`, keeping an
 * entry already there: UTS #39 first, the Latin supplement only where it is silent.
 *
 * @param encoded - The table.
 * @param table - Code point → prototype (mutated).
 */
function decodeInto(encoded: string, table: Map<number, string>): void {
  let point = 0;
  for (const entry of encoded.split(',')) {
    const [delta = '', prototype = ''] = entry.split(' ');
    point += parseInt(delta, 36);
    if (!table.has(point)) {
      table.set(point, prototype);
    }
  }
}

/**
 * The confusables table, decoded on first use (it is only needed when a symbol is
 * compared): UTS #39, then the small capitals and stroked or hooked Latin letters it
 * gives no ASCII prototype (confusablesSupplement.ts).
 *
 * @returns Code point → prototype.
 */
function prototypeTable(): Map<number, string> {
  if (!prototypes) {
    prototypes = new Map();
    decodeInto(CONFUSABLES, prototypes);
    decodeInto(LATIN_SUPPLEMENT, prototypes);
  }
  return prototypes;
}

/**
 * What a reader cannot see: white space of any kind (`\p{White_Space}`: U+2000–U+200A,
 * U+205F, U+3000…), default-ignorable code points (zero-width spaces and joiners,
 * bidi controls, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0), other control and
 * format characters, marks set on letters, and the blanks Unicode classes as symbols
 * (U+2800 Braille pattern blank, U+1D159 musical null notehead), plus Arabic tatweel
 * (U+0640), a stretch of the baseline that reads as nothing after a Latin letter.
 */
const INVISIBLE =
  /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Mn}\p{Me}\u2800\u{1D159}\u0640]/gu;

/**
 * Compatibility-decomposed, without what the user cannot see ({@link INVISIBLE}):
 * what the user cannot tell apart is gone before the characters are compared.
 *
 * @param text - A symbol.
 * @returns It, folded.
 */
function visible(text: string): string {
  return text.normalize('NFKD').replace(INVISIBLE, '');
}

/**
 * UTS #39's skeleton, limited to what a symbol can imitate: every character with an
 * ASCII prototype replaced by it, then what the mapping left invisible dropped.
 *
 * @param text - A folded symbol.
 * @returns Its skeleton.
 */
function skeletonOf(text: string): string {
  const table = prototypeTable();
  return visible(
    [...text]
      .map((char) => table.get(char.codePointAt(0) ?? 0) ?? char)
      .join(''),
  );
}

/**
 * The forms a symbol is compared by: case folded before and after the confusable
 * mapping, since the table maps capitals and small letters apart (Cyrillic `Т` is a
 * `T`, `т` a small capital; `I` is an `l`).
 *
 * @param symbol - A token symbol.
 * @returns Its comparison keys.
 */
function keysOf(symbol: string): string[] {
  const shown = visible(symbol);
  return [
    skeletonOf(visible(shown.toLowerCase())),
    skeletonOf(shown).toLowerCase(),
  ];
}

/**
 * The form a symbol is grouped by when two tokens must not share one: blanks and
 * invisible characters dropped, confusables mapped to ASCII (UTS #39 and the Latin
 * supplement), tatweel stripped, case folded. `ꜱᴛʀᴋ`, `SŦRK` and `STRK` + U+2800 all
 * give `strk`.
 *
 * @param symbol - A token symbol.
 * @returns Its skeleton.
 */
export function symbolSkeleton(symbol: string): string {
  return skeletonOf(visible(symbol)).toLowerCase();
}

/**
 * Whether two token symbols look the same to a user: equal after case folding,
 * Unicode confusable mapping (confusablesData.ts, confusablesSupplement.ts) and
 * removal of blanks and invisible characters. `ЅТRК` (Cyrillic), `strk`, `ꜱᴛʀᴋ`,
 * `STRꝀ` and `S\u200BTRK` all look like `STRK`. Used both to refuse adding a
 * look-alike and to warn in previews, so the two never disagree.
 *
 * @param one - A symbol.
 * @param other - Another symbol.
 * @returns Whether they look alike.
 */
export function looksAlike(one: string, other: string): boolean {
  const keys = keysOf(other);
  return keysOf(one).some((key) => key !== '' && keys.includes(key));
}

/**
 * A symbol's characters outside printable ASCII as code points (`U+A731`), for the
 * add-token dialog: a reader sees which letters are not the ones they look like.
 *
 * @param symbol - A token symbol.
 * @returns The code points, space-separated; empty when the symbol is ASCII.
 */
export function foreignCodePoints(symbol: string): string {
  return [...symbol]
    .filter((char) => !/^[\x20-\x7e]$/u.test(char))
    .map(
      (char) =>
        `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
    )
    .join(' ');
}
