/**
 * Bundle size of the built snap, raw and gzip -9: what every MetaMask user downloads.
 * Target (issue 9): gzip ≤ 220 KB (the most used Starknet snap ships ~444 KB gzip).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const bundle = readFileSync(resolve(__dirname, '..', 'dist', 'bundle.js'));
const gzip = gzipSync(bundle, { level: 9 });
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

process.stdout.write(
  [
    '',
    'Bundle (dist/bundle.js)',
    `raw          ${kb(bundle.length).padStart(10)}`,
    `gzip -9      ${kb(gzip.length).padStart(10)}   target ≤ 220 KB`,
    '',
  ].join('\n'),
);
