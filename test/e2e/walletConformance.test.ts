/**
 * The wallet-API conformance table: every method and event of the Starknet wallet
 * API, before and after the dapp connected, with what dapps expect and what
 * snapnet/wallet does against the built snap (snaps simulation) and the fake node.
 * The test computes the table, requires every row to match, and compares it with the
 * block between the `wallet-conformance` markers in docs/wallet.md (the README links it).
 *
 * Regenerate: `UPDATE_CONFORMANCE=1 npx jest test/e2e/walletConformance.test.ts --selectProjects e2e`
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import type { Cells, Rig } from './walletConformanceCells';
import {
  CONNECTED,
  NOT_CONNECTED,
  opened,
  outcome,
  rig,
} from './walletConformanceCells';
import type { Outcomes } from './walletConformanceTable';
import { EXPECTED, renderTable } from './walletConformanceTable';

const node = fakeNode('sepolia');
const WALLET_DOC = resolve(__dirname, '..', '..', 'docs', 'wallet.md');
const START = '<!-- wallet-conformance:start -->';
const END = '<!-- wallet-conformance:end -->';

/**
 * Compares a file's block between the conformance markers with `table`, formatted as
 * `npm run lint` wants Markdown (prettier's CLI: its API needs ESM loading that jest
 * lacks); with UPDATE_CONFORMANCE set, rewrites the block first.
 *
 * @param file - docs/wallet.md.
 * @param table - The Markdown table.
 */
function syncBlock(file: string, table: string): void {
  const formatted = execFileSync(
    process.execPath,
    [require.resolve('prettier/bin/prettier.cjs'), '--parser', 'markdown'],
    { input: table, encoding: 'utf8' },
  ).trimEnd();
  const block = `${START}\n\n${formatted}\n\n${END}`;
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  if (process.env.UPDATE_CONFORMANCE) {
    writeFileSync(
      file,
      start === -1
        ? `${text.trimEnd()}\n\n${block}\n`
        : `${text.slice(0, start)}${block}${text.slice(text.indexOf(END) + END.length)}`,
    );
  }
  const current = readFileSync(file, 'utf8');
  const found = current.slice(
    current.indexOf(START),
    current.indexOf(END) + END.length,
  );
  if (found !== block) {
    throw new Error(
      `${file}: the wallet conformance table is out of date. Expected:\n${block}\n\nRegenerate: UPDATE_CONFORMANCE=1 npx jest test/e2e/walletConformance.test.ts --selectProjects e2e`,
    );
  }
}
const account = expectedAccount(0);

/**
 * Runs a column's cells in order.
 *
 * @param target - The rig.
 * @param cells - The cells.
 * @returns The outcomes by row.
 */
async function runColumn(
  target: Rig,
  cells: Cells,
): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const [row, run] of Object.entries(cells)) {
    seen.set(row, await outcome(target, async () => run(target)));
  }
  return seen;
}

describe('wallet API conformance', () => {
  afterAll(() => {
    opened.forEach((wallet) => wallet.dispose());
  });

  it('matches every expected outcome and the table in docs/wallet.md', async () => {
    await node.reset();
    const notConnected = await runColumn(await rig(), NOT_CONNECTED);

    await node.reset();
    const target = await rig();
    // The user gives the dapp account 0 in the connect dialog.
    await Promise.all([
      target.wallet.request({ type: 'wallet_requestAccounts' }),
      target.answer('snapnet_getCurrentAccount'),
    ]);
    const connected = await runColumn(target, {
      'wallet_deploymentData, not deployed': async ({ wallet }) =>
        wallet.request({ type: 'wallet_deploymentData' }),
    });
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 20n);
    for (const [row, text] of await runColumn(target, CONNECTED)) {
      connected.set(row, text);
    }

    const outcomes: Outcomes = new Map(
      EXPECTED.map(([row]) => [
        row,
        {
          notConnected: notConnected.get(row) ?? '—',
          connected: connected.get(row) ?? '—',
        },
      ]),
    );
    for (const [row, notConnectedExpected, connectedExpected] of EXPECTED) {
      expect({ row, ...outcomes.get(row) }).toStrictEqual({
        row,
        notConnected: notConnectedExpected,
        connected: connectedExpected,
      });
    }
    syncBlock(WALLET_DOC, renderTable(outcomes));
  }, 180_000);
});
