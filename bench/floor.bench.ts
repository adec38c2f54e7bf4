/**
 * snapnet's signing latency beside the floor: the bench-only snap of bench/floor/,
 * which does only what any Starknet signing snap must (a dialog, BIP-44 entropy and
 * key-tree derivation, the SNIP-12 hash, the signature, one account address). Both run
 * in the same snaps simulation, against the fake node, dialogs approved at once, in
 * ABBA order (snapnet, floor, floor, snapnet, …) so a change of machine load between
 * blocks weighs on both; each block gives a median of `RUNS` calls per method, and the
 * gap to the floor is read within adjacent blocks. Wall time is what a user waits;
 * CPU time (of the whole process: simulation, snap and fake node, all threads) moves
 * less with the load of a shared machine. Figures only, no assertion.
 */
import { afterAll, describe, it, jest } from '@jest/globals';
import { resolve } from 'node:path';

import type { HostedSnap } from '../src/client/testing/snapHost';
import { hostSnap } from '../src/client/testing/snapHost';
import { fakeNode } from '../src/fakeNode/admin';
import { defaultState } from '../src/state/store';
import { MAIL_REV1 } from '../test/fixtures/typedData';
import {
  SEPOLIA,
  expectedAccount,
  expectedRecord,
} from '../test/fixtures/wallet';
import { BENCH_TIMEOUT_MS } from './runs';
import type { BenchRequest, Snap } from './simulation';
import { grantedToBench, iterations, runRequest } from './simulation';

// Bounded, whichever project runs it (the e2e project's 30 s would cut a real run).
jest.setTimeout(BENCH_TIMEOUT_MS);
const RUNS = iterations(20);
/** ABBA twice: A = snapnet, B = floor. */
const ORDER = ['A', 'B', 'B', 'A', 'A', 'B', 'B', 'A'] as const;
const BLOCKS_PER_SNAP = ORDER.length / 2;
const node = fakeNode('sepolia');
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const account = expectedAccount(0);
/** Stored accounts signing once each ("cold": their address not computed yet). */
const FIRST_COLD = 100;
const MAINNET = '0x534e5f4d41494e';
const COLD = Array.from({ length: RUNS * BLOCKS_PER_SNAP }, (_, index) =>
  expectedRecord(FIRST_COLD + index),
);
/**
 * Account indexes created by createAccount / derived by floor_account: from 0 on
 * Mainnet, where nothing is stored, so each is within 20 of the highest stored (a
 * page's createAccount refuses indexes further out). The page's creations take even
 * indexes, MetaMask's (the user's) odd ones.
 */
const FIRST_NEW = 0;
const pageIndex = (index: number): number => FIRST_NEW + 2 * index;
const userIndex = (index: number): number => FIRST_NEW + 2 * index + 1;
/** Whether a page's createAccount shows a confirmation (found by a probe). */
const createConfirms = { page: false };

/** One measured method: how to call it for run number `index` of all. */
type Case = {
  label: string;
  request: (index: number) => BenchRequest;
  withDialog: boolean;
};

const sign = (signerAddress: string): BenchRequest => ({
  method: 'snapnet_signMessage',
  params: { typedDataMessage: MAIL_REV1, signerAddress },
});

const SNAPNET: Case[] = [
  {
    label: 'signMessage (address known)',
    request: () => sign(account.address),
    withDialog: true,
  },
  {
    label: 'signMessage (1st per account)',
    request: (index) => sign(COLD[index]?.address ?? ''),
    withDialog: true,
  },
  {
    label: 'executeTxn (approved)',
    request: () => ({
      method: 'snapnet_executeTxn',
      params: {
        address: account.address,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: ['0x42', '1', '0'],
          },
        ],
      },
    }),
    withDialog: true,
  },
  {
    label: 'createAccount (page)',
    request: (index) => ({
      method: 'snapnet_createAccount',
      // On Mainnet: Sepolia holds the stored accounts, and a network keeps 100 at most
      // (a page's accounts not confirmed by the user give way first).
      params: { addressIndex: pageIndex(index), chainId: MAINNET },
    }),
    get withDialog() {
      return createConfirms.page;
    },
  },
  {
    label: 'createAccount (user)',
    request: (index) => ({
      method: 'snapnet_createAccount',
      origin: 'metamask',
      params: { addressIndex: userIndex(index), chainId: MAINNET },
    }),
    withDialog: false,
  },
];

const floorSign = (method: string) => (): BenchRequest => ({
  method,
  params: { typedData: MAIL_REV1, signer: account.address },
});

const FLOOR: Case[] = [
  {
    label: 'floor: dialog',
    request: () => ({ method: 'floor_dialog' }),
    withDialog: true,
  },
  {
    label: 'floor: dialog+derive+sign',
    request: floorSign('floor_sign'),
    withDialog: true,
  },
  {
    label: 'floor: …+1 address',
    request: floorSign('floor_signChecked'),
    withDialog: true,
  },
  {
    label: 'floor: …+1 address, shown',
    request: floorSign('floor_signShown'),
    withDialog: true,
  },
  {
    label: 'floor: derive+address',
    request: (index) => ({
      method: 'floor_account',
      params: { index: pageIndex(index) },
    }),
    withDialog: false,
  },
  {
    label: 'floor: …+state write',
    request: (index) => ({
      method: 'floor_accountStored',
      params: { index: userIndex(index) },
    }),
    withDialog: false,
  },
  {
    label: 'floor: …+write with grant',
    request: (index) => ({
      method: 'floor_accountGranted',
      params: { index: pageIndex(index) },
    }),
    withDialog: false,
  },
  {
    label: 'floor: grant write alone',
    request: (index) => ({
      method: 'floor_grantWrite',
      params: { index: pageIndex(index) },
    }),
    withDialog: false,
  },
  {
    label: 'floor: client-status check',
    request: () => ({ method: 'floor_clientStatus' }),
    withDialog: false,
  },
];

/**
 * The median of samples.
 *
 * @param samples - Samples.
 * @returns Their median.
 */
function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Per kind of time, per label, the block medians. */
type Medians = Record<'wall' | 'cpu', Map<string, number[]>>;

/**
 * Runs one block: `RUNS` calls of each case, one case after the other.
 *
 * @param snap - The snap.
 * @param cases - What to call.
 * @param block - The block's number among this snap's blocks.
 * @param medians - Per label, the block medians so far.
 */
async function runBlock(
  snap: Snap,
  cases: Case[],
  block: number,
  medians: Medians,
): Promise<void> {
  for (const item of cases) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const request = item.request(block * RUNS + run);
      const cpuStart = process.cpuUsage();
      const started = performance.now();
      await runRequest(snap, request, item.withDialog);
      wall.push(performance.now() - started);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    for (const [kind, samples] of [
      ['wall', wall],
      ['cpu', cpu],
    ] as const) {
      medians[kind].set(item.label, [
        ...(medians[kind].get(item.label) ?? []),
        median(samples),
      ]);
    }
  }
}

/**
 * The table of one kind of time: each case's block medians, then the gaps to the
 * floor per pair of adjacent blocks.
 *
 * @param title - What is measured.
 * @param medians - Per label, the block medians.
 * @returns The table's lines.
 */
function table(title: string, medians: Map<string, number[]>): string[] {
  const blocks = Array.from({ length: BLOCKS_PER_SNAP }, (_, index) =>
    `#${index + 1}`.padStart(7),
  ).join(' ');
  const gap = (label: string, floor: string): number[] =>
    (medians.get(label) ?? []).map(
      (value, index) => value - (medians.get(floor)?.[index] ?? 0),
    );
  return [
    '',
    `${title}, median of ${RUNS} per block, blocks in ABBA order (ms)`,
    `${'method'.padEnd(30)} ${blocks} ${'median'.padStart(9)}`,
    ...[...SNAPNET, ...FLOOR].map((item) =>
      row(item.label, medians.get(item.label) ?? []),
    ),
    'gap to the floor, per pair of adjacent blocks',
    row(
      'signMessage (known) − floor',
      gap('signMessage (address known)', 'floor: …+1 address'),
    ),
    row(
      'signMessage (1st) − floor',
      gap('signMessage (1st per account)', 'floor: …+1 address'),
    ),
    row(
      'signMessage (1st) − shown',
      gap('signMessage (1st per account)', 'floor: …+1 address, shown'),
    ),
    row(
      'createAcc. (user) − …+write',
      gap('createAccount (user)', 'floor: …+state write'),
    ),
    row(
      'createAcc. (page) − …+grant',
      gap('createAccount (page)', 'floor: …+write with grant'),
    ),
    // A page's createAccount confirmation, when it shows one, is in its row: its own
    // cost is the floor's bare dialog (`floor: dialog`), not hidden in that total.
    row(
      'createAcc. (page) − (user)',
      gap('createAccount (page)', 'createAccount (user)'),
    ),
  ];
}

/**
 * Formats a row: label, each block's median, and their median.
 *
 * @param label - Row label.
 * @param values - Block medians.
 * @returns The row.
 */
function row(label: string, values: number[]): string {
  return [
    label.padEnd(30),
    ...values.map((value) => value.toFixed(1).padStart(7)),
    median(values).toFixed(1).padStart(9),
  ].join(' ');
}

describe('latency beside the floor', () => {
  const medians: Medians = { wall: new Map(), cpu: new Map() };
  const hosted: HostedSnap[] = [];

  afterAll(async () => {
    await Promise.all(hosted.map(async (snap) => snap.close()));
    process.stdout.write(
      [
        ...table('Latency beside the floor snap (wall)', medians.wall),
        ...table('CPU time of the process per call', medians.cpu),
        '',
      ].join('\n'),
    );
  });

  it('measures', async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 22n);
    await node.setAutoMine(true);
    const root = resolve(__dirname, '..');
    const snapnet = await hostSnap({
      folder: resolve(root, process.env.SNAPNET_E2E_DIR ?? '.e2e'),
      state: {
        ...defaultState(),
        accounts: { [SEPOLIA]: [expectedRecord(0), ...COLD] },
        // The page signs only with accounts the user gave it.
        ...grantedToBench([
          account.address,
          ...COLD.map((record) => record.address),
        ]),
      },
    });
    hosted.push(snapnet);
    const floor = await hostSnap({ folder: resolve(root, '.bench-floor') });
    hosted.push(floor);
    // Warm-up: the first call of each snap pays for its start.
    await runRequest(snapnet.snap, sign(account.address), true);
    // Whether a page's createAccount asks the user (a confirmation to approve).
    const probe = snapnet.snap.request({
      method: 'snapnet_createAccount',
      params: { chainId: SEPOLIA },
    });
    const first = await Promise.race([
      probe.then(() => 'answered' as const),
      probe.getInterface().then(() => 'dialog' as const),
    ]);
    createConfirms.page = first === 'dialog';
    if (createConfirms.page) {
      const ui = await probe.getInterface();
      if (ui.type === 'confirmation') {
        await ui.ok();
      }
      await probe;
    }
    await runRequest(floor.snap, floorSign('floor_signChecked')(), true);

    const blocks = { A: 0, B: 0 };
    for (const which of ORDER) {
      const [snap, cases] =
        which === 'A' ? [snapnet.snap, SNAPNET] : [floor.snap, FLOOR];
      await runBlock(snap, cases, blocks[which], medians);
      blocks[which] += 1;
    }
  });
});
