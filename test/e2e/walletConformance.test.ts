/**
 * The wallet-API conformance table of the README: every method and event of the
 * Starknet wallet API, before and after the dapp connected, with what dapps expect and
 * what snapnet/wallet does against the built snap (snaps simulation) and the fake node.
 * The test computes the table, requires every row to match, and compares it with the
 * README block between the `wallet-conformance` markers.
 *
 * Regenerate: `UPDATE_CONFORMANCE=1 npx jest test/e2e/walletConformance.test.ts --selectProjects e2e`
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { expectedAccount } from '../fixtures/wallet';
import { fakeNode } from '../node/admin';
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
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const account = expectedAccount(0);
const README = resolve(__dirname, '../../README.md');
const START = '<!-- wallet-conformance:start -->';
const END = '<!-- wallet-conformance:end -->';

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

  it('matches every expected outcome and the README table', async () => {
    await node.reset();
    const notConnected = await runColumn(await rig(), NOT_CONNECTED);

    await node.reset();
    const target = await rig();
    await target.wallet.request({ type: 'wallet_requestAccounts' });
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
    // Formatted as `npm run lint` wants the README (prettier's CLI: its API needs ESM
    // loading that jest lacks).
    const table = execFileSync(
      process.execPath,
      [require.resolve('prettier/bin/prettier.cjs'), '--parser', 'markdown'],
      { input: renderTable(outcomes), encoding: 'utf8' },
    ).trimEnd();
    const readme = readFileSync(README, 'utf8');
    const block = `${START}\n\n${table}\n\n${END}`;
    if (process.env.UPDATE_CONFORMANCE) {
      const start = readme.indexOf(START);
      writeFileSync(
        README,
        start === -1
          ? `${readme.trimEnd()}\n\n${block}\n`
          : `${readme.slice(0, start)}${block}${readme.slice(readme.indexOf(END) + END.length)}`,
      );
    }
    for (const [row, notConnectedExpected, connectedExpected] of EXPECTED) {
      expect({ row, ...outcomes.get(row) }).toStrictEqual({
        row,
        notConnected: notConnectedExpected,
        connected: connectedExpected,
      });
    }
    const current = readFileSync(README, 'utf8');
    const found = current.slice(
      current.indexOf(START),
      current.indexOf(END) + END.length,
    );
    if (found !== block) {
      throw new Error(
        `README.md's wallet conformance table is out of date. Expected:\n${block}\n\nRegenerate: UPDATE_CONFORMANCE=1 npx jest test/e2e/walletConformance.test.ts --selectProjects e2e`,
      );
    }
  }, 180_000);
});
