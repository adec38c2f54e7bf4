import { CONFUSABLES } from './confusablesData';

/** Code point → its ASCII prototype, decoded once from the UTS #39 subset. */
let prototypes: Map<number, string> | undefined;

/**
 * The confusables table, decoded on first use (it is only needed when a symbol is
 * compared).
 *
 * @returns Code point → prototype.
 */
function prototypeTable(): Map<number, string> {
  if (!prototypes) {
    prototypes = new Map();
    let point = 0;
    for (const entry of CONFUSABLES.split(',')) {
      const [delta = '', prototype = ''] = entry.split(' ');
      point += parseInt(delta, 36);
      prototypes.set(point, prototype);
    }
  }
  return prototypes;
}

/**
 * Compatibility-decomposed, without invisible characters (default ignorables such as
 * zero-width spaces and joiners, bidi controls) nor the marks set on letters: what
 * the user cannot tell apart is gone before the characters are compared.
 *
 * @param text - A symbol.
 * @returns It, folded.
 */
function visible(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{Default_Ignorable_Code_Point}\p{Mn}\p{Cc}\p{Cf}\s]/gu, '');
}

/**
 * UTS #39's skeleton, limited to what a symbol can imitate: every character with an
 * ASCII prototype replaced by it.
 *
 * @param text - A folded symbol.
 * @returns Its skeleton.
 */
function skeleton(text: string): string {
  const table = prototypeTable();
  return [...text]
    .map((char) => table.get(char.codePointAt(0) ?? 0) ?? char)
    .join('');
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
    skeleton(visible(shown.toLowerCase())),
    visible(skeleton(shown).toLowerCase()),
  ];
}

/**
 * Whether two token symbols look the same to a user: equal after case folding,
 * Unicode confusable mapping (UTS #39 data, confusablesData.ts) and removal of
 * invisible characters. `ЅТRК` (Cyrillic), `strk` and `S\u200BTRK` all look like
 * `STRK`. Used both to refuse adding a look-alike and to warn in previews, so the two
 * never disagree.
 *
 * @param one - A symbol.
 * @param other - Another symbol.
 * @returns Whether they look alike.
 */
export function looksAlike(one: string, other: string): boolean {
  const keys = keysOf(other);
  return keysOf(one).some((key) => key !== '' && keys.includes(key));
}
