import { describe, expect, it } from '@jest/globals';

import {
  foreignCodePoints,
  looksAlike,
  symbolSkeleton,
} from '../../src/starknet/tokens/lookAlike';

// Each look-alike of STRK built from one listed kind of code point: blanks and
// invisible characters, small capitals, stroked or hooked letters, tatweel.
const STRK_LOOK_ALIKES: [string, string][] = [
  ['Braille pattern blank U+2800', 'STRK\u2800'],
  ['Braille blank inside', 'ST\u2800RK'],
  ['Hangul filler U+3164', 'S\u3164TRK'],
  ['Hangul choseong filler U+115F', 'STRK\u115f'],
  ['Hangul jungseong filler U+1160', 'STRK\u1160'],
  ['halfwidth Hangul filler U+FFA0', 'STRK\uffa0'],
  ['en quad U+2000', 'ST\u2000RK'],
  ['hair space U+200A', 'STRK\u200a'],
  ['medium mathematical space U+205F', 'STRK\u205f'],
  ['ideographic space U+3000', 'STRK\u3000'],
  ['no-break space U+00A0', 'STRK\u00a0'],
  ['zero-width space U+200B', 'S\u200bTRK'],
  ['word joiner U+2060', 'STR\u2060K'],
  ['musical null notehead U+1D159', 'STRK\u{1d159}'],
  ['small capitals ꜱᴛʀᴋ', '\ua731\u1d1b\u0280\u1d0b'],
  ['T with stroke Ŧ U+0166', 'S\u0166RK'],
  ['R with stroke Ɍ U+024C', 'ST\u024cK'],
  ['K with stroke Ꝁ U+A740', 'STR\ua740'],
  ['S with oblique stroke Ꞩ U+A7A8', '\ua7a8TRK'],
  ['trailing Arabic tatweel U+0640', 'STRK\u0640'],
  ['Cyrillic ЅТRК', '\u0405\u0422R\u041a'],
];

describe('symbolSkeleton / looksAlike', () => {
  it.each(STRK_LOOK_ALIKES)('maps %s to strk', (_name, symbol) => {
    expect(symbolSkeleton(symbol)).toBe('strk');
    expect(looksAlike(symbol, 'STRK')).toBe(true);
    expect(looksAlike('STRK', symbol)).toBe(true);
  });

  it('maps every small capital A–Z the supplement holds to its letter', () => {
    const smallCapitals =
      '\u1d00\u0299\u1d04\u1d05\u1d07\ua730\u0262\u029c\u026a\u1d0a\u1d0b\u029f\u1d0d\u0274\u1d0f\u1d18\ua7af\u0280\ua731\u1d1b\u1d1c\u1d20\u1d21\u028f\u1d22';
    expect(symbolSkeleton(smallCapitals)).toBe('abcdefghijklmnopqrstuvwyz');
  });

  it('keeps distinct symbols distinct', () => {
    expect(looksAlike('STRK', 'ETH')).toBe(false);
    expect(looksAlike('STRKX', 'STRK')).toBe(false);
    expect(looksAlike('USDC', 'USDT')).toBe(false);
    expect(looksAlike('\u2800', 'STRK')).toBe(false);
    // A symbol that is only blanks has an empty skeleton, which looks like nothing.
    expect(looksAlike('\u2800', '\u3164')).toBe(false);
  });
});

describe('foreignCodePoints', () => {
  it('names every character outside printable ASCII by its code point', () => {
    expect(foreignCodePoints('STRK')).toBe('');
    expect(foreignCodePoints('\ua731\u1d1bRK')).toBe('U+A731 U+1D1B');
    expect(foreignCodePoints('STRK\u2800')).toBe('U+2800');
    expect(foreignCodePoints('A\u{1d159}')).toBe('U+1D159');
  });
});
