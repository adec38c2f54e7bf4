import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import {
  KEEP_FINISHED,
  receivedRecord,
  saveRecord,
} from '../../src/state/records';
import { createStore, defaultState } from '../../src/state/store';
import { oneWrite, trackChanges } from '../../src/state/tracking';
import { installStateWallet } from '../fixtures/stateWallet';

const SEPOLIA = '0x534e5f5345504f4c4941';
const alice = `0x${'a'.padStart(64, '0')}`;
const bob = `0x${'b'.padStart(64, '0')}`;

/** A fixed time: a record built twice must be equal, whatever second it is. */
const AT_SECONDS = 1796590010;

const record = (sender: string, at: number) => ({
  ...receivedRecord({
    txnHash: `0x${at.toString(16)}`,
    txnType: 'invoke',
    senderAddress: sender,
    contractAddress: sender,
    contractFuncName: 'transfer',
    contractCallData: [],
    chainId: SEPOLIA,
  }),
  timestamp: AT_SECONDS,
});

describe('store', () => {
  it('writes one record as that account list only, and stores what a whole write would', async () => {
    const state = defaultState();
    state.transactions[SEPOLIA] = {
      [alice]: [record(alice, 1)],
      [bob]: Array.from({ length: 40 }, (_, at) => record(bob, 100 + at)),
    };
    const wallet = installStateWallet(structuredClone(state));
    const added = record(alice, 2);
    await saveRecord(createStore(), added);
    expect(wallet.writes.map((write) => write.key)).toStrictEqual([
      `transactions.${SEPOLIA}.${alice}`,
    ]);
    state.transactions[SEPOLIA][alice]?.push(added);
    expect(wallet.stored).toEqual(state);
  });

  it('writes nothing when an update only reads or changes nothing', async () => {
    const wallet = installStateWallet(structuredClone(defaultState()));
    const store = createStore();
    const seen = await store.update((draft) => {
      draft.currentNetwork = SEPOLIA; // the same value
      return (
        Object.keys(draft.accounts).length +
        (draft.tokens[SEPOLIA]?.length ?? 0)
      );
    });
    expect(seen).toBe(0);
    expect(wallet.writes).toStrictEqual([]);
  });

  it('writes a fresh install whole once, with its version, and reads it back', async () => {
    const wallet = installStateWallet(null);
    const store = createStore();
    await saveRecord(store, record(alice, 7));
    await saveRecord(store, record(alice, 8));
    expect(wallet.writes.map((write) => write.key)).toStrictEqual([
      undefined,
      `transactions.${SEPOLIA}.${alice}`,
    ]);
    expect(wallet.stored?.version).toBe(defaultState().version);
    const read = await store.read();
    expect(read.transactions).toEqual({
      [SEPOLIA]: { [alice]: [record(alice, 7), record(alice, 8)] },
    });
    expect(read.currentNetwork).toBe(defaultState().currentNetwork);
  });
});

describe('damaged or old state', () => {
  const token = (address: string) => ({
    address,
    name: 'T',
    symbol: 'T',
    decimals: 18,
    logo: '',
  });
  const env = { isPreloaded: () => false };

  // Values read back cross the wallet's structuredClone: compared with toEqual.
  it('drops a damaged record, token or account alone, keeping the rest of its list', async () => {
    const state: Record<string, Json> = {
      ...defaultState(),
      tokens: { [SEPOLIA]: [token(alice), { address: 7 }, token(bob)] },
      transactions: {
        [SEPOLIA]: {
          [alice]: [record(alice, 1), { txnHash: 'half' }, record(alice, 2)],
          [bob]: 'not a list',
        },
      },
      accounts: { [SEPOLIA]: [{ address: alice }] },
    };
    installStateWallet(state);
    const read = await createStore(env).read();
    expect(read.tokens).toEqual({
      [SEPOLIA]: [token(alice), token(bob)],
    });
    expect(read.transactions).toEqual({
      [SEPOLIA]: { [alice]: [record(alice, 1), record(alice, 2)] },
    });
    expect(read.accounts).toEqual({ [SEPOLIA]: [] });
  });

  it('migrates an older state on any load, and writes it once, whole, on the next update', async () => {
    const versionThree = {
      version: 3,
      currentNetwork: SEPOLIA,
      accounts: {},
      tokens: {},
      transactions: {},
    };
    const wallet = installStateWallet(structuredClone(versionThree));
    const store = createStore(env);
    const read = await store.read();
    expect(read).toEqual(defaultState());
    expect(wallet.writes).toStrictEqual([]);
    await store.update((draft) => {
      draft.nodeUrls[SEPOLIA] = 'https://node.example';
    });
    expect(wallet.writes.map((write) => write.key)).toStrictEqual([undefined]);
    expect(wallet.stored).toEqual({
      ...defaultState(),
      nodeUrls: { [SEPOLIA]: 'https://node.example' },
    });
  });

  it('writes an update that changes several keys in one write', async () => {
    const wallet = installStateWallet(structuredClone(defaultState()));
    await createStore(env).update((draft) => {
      draft.currentNetwork = '0x534e5f4d41494e';
      draft.nodeUrls['0x534e5f4d41494e'] = 'https://node.example';
    });
    expect(wallet.writes.map((write) => write.key)).toStrictEqual([undefined]);
    expect(wallet.stored).toEqual({
      ...defaultState(),
      currentNetwork: '0x534e5f4d41494e',
      nodeUrls: { '0x534e5f4d41494e': 'https://node.example' },
    });
  });
});

describe('the kept load', () => {
  /**
   * Counts the wallet's answers to `snap_getState`, and holds the first one until
   * `release` is called when `hold` is set.
   *
   * @param hold - Whether to hold the first read.
   * @returns The counts and the release.
   */
  function countReads(hold = false): {
    reads: () => number;
    release: () => void;
  } {
    const wallet: { request: (args: { method: string }) => Promise<Json> } =
      Reflect.get(globalThis, 'snap');
    let reads = 0;
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    Reflect.set(globalThis, 'snap', {
      request: async (args: { method: string }) => {
        if (args.method !== 'snap_getState') {
          return wallet.request(args);
        }
        reads += 1;
        const answer = await wallet.request(args);
        if (hold && reads === 1) {
          await held;
        }
        return answer;
      },
    });
    return { reads: () => reads, release };
  }

  it('asks the wallet once, and keeps what an update wrote as a new read would load it', async () => {
    const state = defaultState();
    state.transactions[SEPOLIA] = {
      [bob]: Array.from({ length: 60 }, (_, at) => record(bob, 100 + at)),
    };
    const wallet = installStateWallet(structuredClone(state));
    const { reads } = countReads();
    const store = createStore();
    await store.read();
    await store.read();
    await store.update(() => undefined);
    expect(reads()).toBe(1);
    await saveRecord(store, record(alice, 1));
    await store.update((draft) => {
      draft.currentNetwork = '0x534e5f4d41494e';
    });
    expect(wallet.writes).toHaveLength(2);
    const kept = await store.read();
    expect(reads()).toBe(1);
    expect(kept.currentNetwork).toBe('0x534e5f4d41494e');
    // Equal as JSON, as the wallet stores it (no undefined-valued keys).
    expect(kept).toEqual(await createStore().read());
  });

  it('asks the wallet again once it is locked, instead of answering from memory', async () => {
    const wallet = installStateWallet(structuredClone(defaultState()));
    const { reads } = countReads();
    const store = createStore();
    await store.read();
    await store.read();
    expect(reads()).toBe(1);
    wallet.locked = true;
    await store.read();
    await store.read();
    expect(reads()).toBe(3);
    // Unlocked again: the load made after the lock is kept.
    wallet.locked = false;
    await store.read();
    expect(reads()).toBe(3);
  });

  it('asks the wallet again after a write that failed', async () => {
    installStateWallet(structuredClone(defaultState()));
    const { reads } = countReads();
    const wallet: { request: (args: { method: string }) => Promise<Json> } =
      Reflect.get(globalThis, 'snap');
    Reflect.set(globalThis, 'snap', {
      request: async (args: { method: string }) => {
        if (args.method === 'snap_setState') {
          throw new Error('the wallet refused the write');
        }
        return wallet.request(args);
      },
    });
    const store = createStore();
    await expect(
      store.update((draft) => {
        draft.currentNetwork = '0x534e5f4d41494e';
      }),
    ).rejects.toThrow('refused');
    expect((await store.read()).currentNetwork).toBe(SEPOLIA);
    expect(reads()).toBe(2);
  });

  it('hands out copies: changing what a read returned changes nothing stored', async () => {
    const wallet = installStateWallet(structuredClone(defaultState()));
    const store = createStore();
    const first = await store.read();
    first.currentNetwork = '0x1';
    first.nodeUrls[SEPOLIA] = 'https://changed.example';
    const second = await store.read();
    expect(second).toStrictEqual(defaultState());
    await store.update(() => undefined);
    expect(wallet.writes).toStrictEqual([]);
  });

  it('does not keep a load that overlapped a write', async () => {
    installStateWallet(structuredClone(defaultState()));
    const { reads, release } = countReads(true);
    const store = createStore();
    // Read from the wallet before the write, answered only after it.
    const stale = store.read();
    await store.update((draft) => {
      draft.currentNetwork = '0x534e5f4d41494e';
    });
    release();
    expect((await stale).currentNetwork).toBe(SEPOLIA);
    // What the update wrote is kept; the stale load, answered later, did not replace it.
    expect((await store.read()).currentNetwork).toBe('0x534e5f4d41494e');
    expect(reads()).toBe(2);
  });
});

describe('trimming on write', () => {
  it('keeps every unfinished record and the newest KEEP_FINISHED finished ones', async () => {
    const finished = Array.from({ length: KEEP_FINISHED }, (_, at) => ({
      ...record(alice, 100 + at),
      status: 'ACCEPTED_ON_L2' as const,
      timestamp: 1000 + at,
    }));
    const open = { ...record(alice, 1), timestamp: 1 };
    const state = defaultState();
    state.transactions[SEPOLIA] = { [alice]: [open, ...finished] };
    const wallet = installStateWallet(structuredClone(state));
    const added = { ...record(alice, 999), status: 'REVERTED' as const };
    await saveRecord(createStore(), added);
    // The oldest finished record goes; the older unfinished one stays.
    expect((await createStore().read()).transactions).toEqual({
      [SEPOLIA]: { [alice]: [open, ...finished.slice(1), added] },
    });
    expect(wallet.writes).toHaveLength(1);
  });
});

describe('trackChanges', () => {
  it('reports changed values by path, any field and depth, and removals as the parent', () => {
    const root: Record<string, Json> = {
      version: 1,
      nodeUrls: { a: 'x', b: 'y' },
      deep: { one: { two: [1, 2] } },
      untouched: { big: 'z'.repeat(1000) },
    };
    const { draft, changes } = trackChanges(root);
    const { nodeUrls, deep } = draft;
    if (!isObject(nodeUrls) || !isObject(deep) || !isObject(deep.one)) {
      throw new Error('shape');
    }
    delete nodeUrls.a;
    const { two } = deep.one;
    if (Array.isArray(two)) {
      two.push(3);
    }
    draft.version = 2;
    draft.added = { c: true };
    expect(changes()).toStrictEqual([
      { path: ['nodeUrls'], value: { b: 'y' } },
      { path: ['version'], value: 2 },
      { path: ['added'], value: { c: true } },
      { path: ['deep', 'one', 'two'], value: [1, 2, 3] },
    ]);
  });

  it('folds several changes into one write at their shared parent', () => {
    const root: Record<string, Json> = {
      transactions: { a: { x: [1] }, b: { y: [2] } },
      other: 1,
    };
    const { draft, changes } = trackChanges(root);
    const { transactions } = draft;
    if (!isObject(transactions)) {
      throw new Error('shape');
    }
    transactions.a = { x: [1, 3] };
    transactions.b = { y: [] };
    expect(oneWrite(changes(), root)).toStrictEqual({
      path: ['transactions'],
      value: { a: { x: [1, 3] }, b: { y: [] } },
    });
  });

  it('writes keys a state path cannot hold as part of their parent', () => {
    const { draft, changes } = trackChanges<Record<string, Json>>({
      urls: {},
    });
    const { urls } = draft;
    if (isObject(urls)) {
      urls['a.b'] = 'dotted';
    }
    expect(changes()).toStrictEqual([
      { path: ['urls'], value: { 'a.b': 'dotted' } },
    ]);
  });
});
