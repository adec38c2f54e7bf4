import { describe, expect, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import {
  SEPOLIA,
  expectedAccount,
  expectedRecord,
  listedRecord,
  hex64,
} from '../fixtures/wallet';
import {
  DAPP_ORIGIN,
  confirmationOf,
  connectedPages,
  errorOf,
  resultOf,
  textOf,
} from './helpers';

const account = expectedAccount(0).address;
const OTHER = hex64('0xabc');
const now = Math.floor(Date.now() / 1000);

const record = (
  nonce: number,
  status: string,
  contractAddress = STRK,
  senderAddress = account,
) => ({
  txnHash: hex64(BigInt(0x100000 + nonce)),
  txnType: 'invoke',
  senderAddress,
  contractAddress,
  contractFuncName: 'transfer',
  contractCallData: [],
  status,
  failureReason: null,
  eventIds: [],
  // One a minute, oldest first, all within the last day.
  timestamp: now - 80_000 + nonce * 60,
  chainId: SEPOLIA,
});

// Version 2 kept one array per network and never trimmed: 1,000 finished records of
// account 0, two old unfinished ones (to another contract) and one of another sender.
const finished = Array.from({ length: 1000 }, (_, nonce) =>
  record(nonce + 10, 'ACCEPTED_ON_L2'),
);
const unfinished = [record(1, 'RECEIVED', OTHER), record(2, 'PENDING', OTHER)];
const foreign = record(5, 'ACCEPTED_ON_L2', STRK, hex64('0x1234'));
const VERSION_2 = {
  version: 2,
  currentNetwork: SEPOLIA,
  accounts: {},
  tokens: {},
  transactions: { [SEPOLIA]: [...unfinished, foreign, ...finished] },
};

const list = (params: Record<string, string | number | boolean>) => ({
  // The user's own view (a page sees only accounts it was given).
  origin: 'metamask',
  method: 'snapnet_getTransactions',
  params: {
    senderAddress: account,
    onlyFromState: true,
    txnsInLastNumOfDays: 2,
    pageSize: 50,
    ...params,
  },
});

describe('stored transaction records', () => {
  it('are regrouped per account and trimmed to unfinished + newest 50 by onUpdate', async () => {
    const { onUpdate, request } = await installSnap({
      options: { state: VERSION_2 },
    });
    const update = await onUpdate();
    expect(update.response).toEqual({ result: null });

    // The account keeps its newest 50 finished records and, although they are the
    // oldest, its unfinished ones; newest first. The node does not know their hashes,
    // so by the one status rule they were dropped: listed REJECTED with the reason.
    const kept = resultOf(await request(list({})));
    expect(kept).toEqual([
      ...finished.slice(-50).reverse(),
      ...[...unfinished].reverse().map((item) => ({
        ...item,
        status: 'REJECTED',
        failureReason: expect.stringContaining('dropped'),
      })),
    ]);
    // Another sender's records stay its own.
    const theirs = resultOf(
      await request(list({ senderAddress: hex64('0x1234') })),
    );
    expect(theirs).toEqual([foreign]);
  });
});

describe('damaged state', () => {
  const token = {
    address: hex64('0x777'),
    name: 'Seven',
    symbol: 'SVN',
    decimals: 2,
    logo: '',
  };
  const older = record(1, 'ACCEPTED_ON_L2');
  const newer = record(3, 'ACCEPTED_ON_L2');
  const DAMAGED = {
    version: 4,
    currentNetwork: SEPOLIA,
    accounts: { [SEPOLIA]: [expectedRecord(0), { address: 'half' }] },
    tokens: { [SEPOLIA]: [{ address: 7, symbol: null }, token] },
    transactions: {
      [SEPOLIA]: {
        [account]: [older, { txnHash: 'torn', status: 9 }, newer],
      },
    },
    currentAccounts: {},
    nodeUrls: {},
  };

  it('costs only the damaged record, token or account, in every list', async () => {
    const { request, onHomePage } = await installSnap({
      options: { state: DAMAGED },
    });
    expect(resultOf(await request(list({})))).toEqual([newer, older]);
    const tokens = resultOf(
      await request({ method: 'snapnet_getStoredErc20Tokens' }),
    );
    expect(tokens).toEqual([
      expect.objectContaining({ symbol: 'ETH' }),
      expect.objectContaining({ symbol: 'STRK' }),
      { address: token.address, symbol: 'SVN', decimals: 2, logo: '' },
    ]);
    expect(
      resultOf(
        await request({ method: 'snapnet_listAccounts', origin: 'metamask' }),
      ),
    ).toEqual([listedRecord(0)]);
    const page = textOf((await onHomePage()).getInterface());
    expect(page).toContain(account);
    expect(page).toContain('SVN');
  });

  it('still shows a home page for a network the snap no longer serves, or a wrecked state', async () => {
    for (const state of [
      { ...DAMAGED, currentNetwork: '0x1234' },
      { version: 'x', accounts: 7, tokens: [], transactions: null },
    ]) {
      const { onHomePage } = await installSnap({ options: { state } });
      const page = textOf((await onHomePage()).getInterface());
      expect(page).toContain('Starknet Sepolia');
    }
  });
});

describe('tampered state', () => {
  const node = fakeNode('sepolia');

  it('refuses to sign with a stored account whose index or path was changed, sending nothing', async () => {
    await node.reset();
    const own = expectedRecord(0);
    await node.deployAccount({ publicKey: own.publicKey });
    await node.setBalance(STRK, own.address, 10n ** 19n);
    for (const tamper of [
      { addressIndex: 1 },
      { derivationPath: "m/44'/9004'/0'/0/1" },
    ]) {
      const { request } = await installSnap({
        options: {
          state: {
            version: 4,
            currentNetwork: SEPOLIA,
            accounts: { [SEPOLIA]: [{ ...own, ...tamper }] },
            tokens: {},
            transactions: {},
            currentAccounts: {},
            nodeUrls: {},
            // The page was given the account: the refusal is the tampered record's.
            grants: connectedPages(DAPP_ORIGIN),
          },
        },
      });
      await node.clearRequests();
      const pending = request({
        method: 'snapnet_executeTxn',
        params: {
          address: own.address,
          calls: [
            {
              contractAddress: STRK,
              entrypoint: 'transfer',
              calldata: [OTHER, '5', '0'],
            },
          ],
        },
      });
      await (await confirmationOf(pending)).ok();
      const error = errorOf(await pending);
      expect({ code: error.code, message: error.message }).toStrictEqual({
        code: -32603,
        message: expect.stringContaining(`Refused to sign for ${own.address}`),
      });
      const { rpcCalls } = await node.requests();
      expect(
        rpcCalls.filter((call) => call.method.startsWith('starknet_add')),
      ).toStrictEqual([]);
    }
    expect(await node.transactions()).toStrictEqual([]);
  });
});
