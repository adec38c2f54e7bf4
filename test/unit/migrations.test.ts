import { isPreloaded } from '../../src/starknet/tokens/watchList';
import {
  MIGRATIONS,
  TOKEN_CACHE_LIMIT,
  migrateState,
} from '../../src/state/migrations';
import { KEEP_FINISHED } from '../../src/state/records';
import { STATE_VERSION, defaultState } from '../../src/state/store';
import type { TransactionRecord } from '../../src/state/types';

const env = { isPreloaded };

const SEPOLIA = '0x534e5f5345504f4c4941';
const MAINNET = '0x534e5f4d41494e';
const ETH =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';
const USDC =
  '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8';

const token = (address: string, symbol = 'SVN') => ({
  address,
  name: 'Seven',
  symbol,
  decimals: 2,
  logo: '',
});

describe('state migrations', () => {
  it('end at the current schema version, in increasing order', () => {
    const versions = MIGRATIONS.map((step) => step.version);
    expect(versions).toStrictEqual([...versions].sort((a, b) => a - b));
    expect(versions.at(-1)).toBe(STATE_VERSION);
  });

  it('leave a fresh install alone (nothing stored, nothing written)', () => {
    expect(migrateState(null, env)).toBeNull();
  });

  it('leave a current state unchanged', () => {
    const current = {
      ...defaultState(),
      tokens: { [SEPOLIA]: [token(`0x${'7'.padStart(64, '0')}`)] },
    };
    expect(migrateState(current, env)).toStrictEqual(current);
  });

  it('v2: normalizes and deduplicates token lists, dropping preloaded copies and unreadable records', () => {
    const seven = `0x${'777'.padStart(64, '0')}`;
    const migrated = migrateState(
      {
        version: 1,
        currentNetwork: SEPOLIA,
        accounts: {},
        transactions: {},
        tokens: {
          [SEPOLIA]: [
            token(ETH.toUpperCase().replace('0X', '0x'), 'ETH'),
            token('0x777'),
            token(seven, 'SVN2'),
            { address: '0x888', symbol: 'BAD' },
            token('0x0'),
          ],
          [MAINNET.toUpperCase().replace('0X', '0x')]: [token(USDC, 'USDC')],
        },
      },
      env,
    );
    expect(migrated).toStrictEqual({
      version: STATE_VERSION,
      currentNetwork: SEPOLIA,
      accounts: {},
      transactions: {},
      tokens: { [SEPOLIA]: [token(seven)], [MAINNET]: [] },
      currentAccounts: {},
      nodeUrls: {},
      keyringAccounts: {},
      grants: {},
    });
  });

  it('v4: the lowest-index account of each network becomes its current account; no node URL is set', () => {
    const account = (addressIndex: number, chainId = SEPOLIA) => ({
      address: `0x${String(addressIndex + 1).padStart(64, '0')}`,
      addressIndex,
      publicKey: '0x1',
      addressSalt: '0x1',
      deployTxnHash: '',
      derivationPath: `m/44'/9004'/0'/0/${addressIndex}`,
      chainId,
      cairoVersion: '1',
    });
    const accounts = {
      [SEPOLIA]: [account(3), account(1), { address: '0xbad' }],
      [MAINNET]: [],
    };
    const migrated = migrateState(
      {
        version: 2,
        currentNetwork: SEPOLIA,
        accounts,
        tokens: {},
        transactions: {},
      },
      env,
    );
    // As the store reads it: fields newer than v4 (caches) come from the defaults.
    expect({ ...defaultState(), ...migrated }).toStrictEqual({
      ...defaultState(),
      accounts,
      currentAccounts: { [SEPOLIA]: account(1).address },
      nodeUrls: {},
    });
  });

  it('keep what a version-less state in the current shape holds (a fresh install of the v3/v4 store)', () => {
    const alice = `0x${'a'.padStart(64, '0')}`;
    const kept = {
      txnHash: `0x${'1'.padStart(64, '0')}`,
      txnType: 'invoke',
      senderAddress: alice,
      contractAddress: alice,
      contractFuncName: 'transfer',
      contractCallData: [],
      status: 'RECEIVED',
      failureReason: null,
      eventIds: [],
      timestamp: 1,
      chainId: SEPOLIA,
    };
    const current = {
      transactions: { [SEPOLIA]: { [alice]: [kept] } },
      currentAccounts: { [SEPOLIA]: alice },
      nodeUrls: { [SEPOLIA]: 'https://node.example' },
    };
    expect(migrateState(current, env)).toStrictEqual({
      ...current,
      tokens: {},
      keyringAccounts: {},
      grants: {},
      version: STATE_VERSION,
    });
  });

  it('keep the node URLs of a version-less state that holds only them (seeded by the testing kit)', () => {
    const seeded = { nodeUrls: { [SEPOLIA]: 'http://127.0.0.1:5050' } };
    expect(migrateState(seeded, env)).toMatchObject({
      nodeUrls: seeded.nodeUrls,
      currentAccounts: {},
      version: STATE_VERSION,
    });
  });

  it('v5: starts with no keyring account and keeps the rest', () => {
    const v4 = {
      ...defaultState(),
      version: 4,
      currentAccounts: { [SEPOLIA]: `0x${'1'.padStart(64, '0')}` },
    };
    delete (v4 as Partial<typeof v4>).keyringAccounts;
    expect(migrateState(v4, env)).toStrictEqual({
      ...v4,
      version: STATE_VERSION,
      keyringAccounts: {},
      grants: {},
    });
  });

  it('v7: adds empty grants (every page meets the connect dialog once) and keeps everything stored', () => {
    const alice = `0x${'a'.padStart(64, '0')}`;
    const v6 = {
      ...defaultState(),
      version: 6,
      accounts: {
        [SEPOLIA]: [
          {
            address: alice,
            addressIndex: 3,
            publicKey: '0x1',
            addressSalt: '0x1',
            deployTxnHash: '',
            derivationPath: "m/44'/9004'/0'/0/3",
            chainId: SEPOLIA,
            cairoVersion: '1',
          },
        ],
      },
      currentAccounts: { [SEPOLIA]: alice },
      nodeUrls: { [SEPOLIA]: 'https://node.example' },
    };
    const stored: Partial<typeof v6> = { ...v6 };
    delete stored.grants;
    expect(migrateState(stored, env)).toStrictEqual({
      ...v6,
      version: STATE_VERSION,
      grants: {},
    });
  });

  it('v8: forgets the accounts a page stored silently (list, grants, current), keeps the rest', () => {
    const record = (index: number) => ({
      address: `0x${(index + 10).toString(16).padStart(64, '0')}`,
      addressIndex: index,
      publicKey: '0x1',
      addressSalt: '0x1',
      deployTxnHash: '',
      derivationPath: `m/44'/9004'/0'/0/${index}`,
      chainId: SEPOLIA,
      cairoVersion: '1',
    });
    const kept = record(0);
    const silent = record(7);
    const v7 = {
      ...defaultState(),
      version: 7,
      accounts: { [SEPOLIA]: [kept, silent] },
      currentAccounts: { [SEPOLIA]: silent.address },
      grants: {
        'https://a.example': { [SEPOLIA]: [silent.address, kept.address] },
      },
      unconfirmedAccounts: { [SEPOLIA]: [silent.address] },
    };
    expect(migrateState(v7, env)).toStrictEqual({
      ...defaultState(),
      version: STATE_VERSION,
      accounts: { [SEPOLIA]: [kept] },
      currentAccounts: {},
      grants: { 'https://a.example': { [SEPOLIA]: [kept.address] } },
    });
  });

  it('v6: drops ABIs cached without a network, keeps per-network ones, bounds the token cache', () => {
    const abi = [{ type: 'function', name: 'transfer', inputs: [] }];
    const tokens = Object.fromEntries(
      Array.from({ length: TOKEN_CACHE_LIMIT + 5 }, (_, index) => [
        `0x${index.toString(16)}`,
        { symbol: `T${index}`, decimals: 18 },
      ]),
    );
    const v5 = {
      ...defaultState(),
      version: 5,
      abiCache: { '0xc1a55': abi, [MAINNET]: { '0xc1a55': abi } },
      tokenCache: { [SEPOLIA]: tokens },
    };
    const migrated = migrateState(v5, env);
    expect(migrated?.abiCache).toStrictEqual({ [MAINNET]: { '0xc1a55': abi } });
    const cache = migrated?.tokenCache as Record<string, object>;
    const kept = Object.keys(cache[SEPOLIA] ?? {});
    expect(kept).toHaveLength(TOKEN_CACHE_LIMIT);
    // The newest stay.
    expect(kept.at(-1)).toBe(`0x${(TOKEN_CACHE_LIMIT + 4).toString(16)}`);
    expect(kept).not.toContain('0x0');
    expect(migrated?.version).toBe(STATE_VERSION);
  });

  it('treat a state without a version as older than every step', () => {
    expect(
      migrateState({ tokens: { [SEPOLIA]: [token('0x9')] } }, env),
    ).toStrictEqual({
      version: STATE_VERSION,
      tokens: { [SEPOLIA]: [token(`0x${'9'.padStart(64, '0')}`)] },
      transactions: {},
      currentAccounts: {},
      nodeUrls: {},
      keyringAccounts: {},
      grants: {},
    });
  });

  it('v3: groups records by network and sender, trims finished ones, drops unreadable ones', () => {
    const alice = `0x${'a'.padStart(64, '0')}`;
    const bob = `0x${'b'.padStart(64, '0')}`;
    const record = (
      sender: string,
      at: number,
      status: TransactionRecord['status'],
    ): TransactionRecord => ({
      txnHash: `0x${`${sender.slice(-1)}${at}`.padStart(64, '0')}`,
      txnType: 'invoke',
      senderAddress: sender,
      contractAddress: ETH,
      contractFuncName: 'transfer',
      contractCallData: [],
      status,
      failureReason: null,
      eventIds: [],
      timestamp: 1_700_000_000 + at,
      chainId: SEPOLIA,
    });
    // Alice: 1,000 finished records (oldest first) with 3 unfinished ones among them.
    const aliceRecords = Array.from({ length: 1000 }, (_, at) =>
      record(
        alice,
        at,
        [10, 500, 990].includes(at) ? 'RECEIVED' : 'ACCEPTED_ON_L2',
      ),
    );
    const bobRecords = [record(bob, 1, 'REVERTED'), record(bob, 2, 'PENDING')];
    const migrated = migrateState(
      {
        version: 2,
        currentNetwork: SEPOLIA,
        accounts: {},
        tokens: {},
        transactions: {
          [SEPOLIA.toUpperCase().replace('0X', '0x')]: [
            ...aliceRecords,
            { txnHash: '0x1', status: 'BROKEN' },
            ...bobRecords,
          ],
        },
      },
      env,
    );
    const finishedKept = aliceRecords
      .filter((item) => item.status === 'ACCEPTED_ON_L2')
      .slice(-KEEP_FINISHED);
    const expectedAlice = aliceRecords.filter(
      (item) => item.status === 'RECEIVED' || finishedKept.includes(item),
    );
    expect(expectedAlice).toHaveLength(KEEP_FINISHED + 3);
    expect(migrated).toStrictEqual({
      version: STATE_VERSION,
      currentNetwork: SEPOLIA,
      accounts: {},
      tokens: {},
      currentAccounts: {},
      nodeUrls: {},
      keyringAccounts: {},
      grants: {},
      transactions: {
        [SEPOLIA]: { [alice]: expectedAlice, [bob]: bobRecords },
      },
    });
  });
});
