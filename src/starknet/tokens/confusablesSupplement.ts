/**
 * Latin letters drawn as a small capital or with a stroke, hook, bar, tail or other
 * attachment, mapped to their base letter: the look-alikes UTS #39 confusables.txt
 * gives no ASCII prototype. Written by scripts/confusables.mjs --supplement from
 * scripts/latinLetterNames.txt (character names of the Unicode Character Database
 * 14.0.0): same encoding as confusablesData.ts.
 */
export const LATIN_SUPPLEMENT =
  '60 O,w o,o D,1 d,l H,1 h,q L,1 l,10 T,1 t,p b,1 B,1 B,1 b,4 C,1 c,2 D,1 D,1 d,5 F,1 f,1 G,4 I,1 K,1 k,1 l,3 N,1 n,1 O,5 P,1 p,6 t,1 T,1 t,1 T,4 V,1 Y,1 y,1 Z,1 z,1a G,1 g,1n N,1 d,3 Z,1 z,f l,1 n,1 t,4 A,1 C,1 c,1 L,1 T,1 s,1 z,3 B,3 E,1 e,1 J,1 j,2 q,1 R,1 r,1 Y,1 y,4 b,2 c,1 d,1 d,9 g,2 g,4 h,2 i,2 i,1 l,1 l,1 l,4 m,1 n,1 n,1 n,8 r,1 r,1 r,2 r,2 s,6 t,3 v,4 y,1 z,1 z,8 b,2 g,1 h,1 j,2 l,1 q,57k a,4 c,1 d,2 e,3 j,1 k,1 l,1 m,2 o,9 p,3 t,1 u,4 v,1 w,1 z,22 b,1 d,1 f,1 m,1 n,1 p,1 r,1 r,1 s,1 t,1 z,7 p,3 b,1 d,1 f,1 g,1 k,1 l,1 m,1 n,1 p,1 r,1 s,2 v,1 x,1 z,1 a,2 d,1 e,4 i,3 u,9x Y,1 y,2n5 L,1 l,1 L,1 P,1 R,1 a,1 t,1 H,1 h,1 K,1 k,1 Z,1 z,2 M,3 v,1 W,1 w,1 v,4 e,2 o,4 S,1 Z,o8h f,1 s,f K,1 k,1 K,1 k,1 K,1 k,3 L,1 l,1 O,1 o,1 O,1 o,3 P,1 p,1 P,1 p,1 P,1 p,1 Q,1 q,1 Q,1 q,5 V,1 v,1b l,2 N,1 n,1 C,1 c,1 c,1 h,1 B,1 b,1 F,1 f,7 G,1 g,1 K,1 k,1 N,1 n,1 R,1 r,1 S,1 s,1 H,3 L,1 i,1 q,3 J,6 U,1 u,b C,1 S,1 Z,1 D,1 d,1 S,1 s,oa e,3 l,1 l,1 l,1 m,1 n,b r,3 r,5 u,4 u,4 x,1 x,1 x,1 x,1 y,1oru l,5 t,8 l,2 l,3 r,4 i,1 o,2 c,1 s';
