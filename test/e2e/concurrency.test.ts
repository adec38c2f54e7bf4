/**
 * Overlapping requests that write state or send transactions: every write must survive
 * (the store serializes read-modify-write), and transactions sent at once from one
 * account must get distinct, consecutive nonces (the snap sends from one account at a
 * time).
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STATE_VERSION } from '../../src/state/store';
import { SEPOLIA, hex64 } from '../fixtures/wallet';
import type { Pending, Snap } from './hardening';
import {
  ACCOUNTS,
  LeakRecorder,
  STRK,
  answerAll,
  transactionHashOf,
} from './hardening';
import {
  DAPP_ORIGIN,
  connectedPages,
  installSnapnet,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const recorder = new LeakRecorder();
const RECIPIENT = `0x0${'7'.repeat(63)}`;

/**
 * The page each transfer of `amount` comes from.
 *
 * @param amount - Amount.
 * @returns The page's origin.
 */
const senderPage = (amount: number): string =>
  `https://sender-${amount}.example`;

/**
 * The snap, with the dapp page and every sender page given the seed's first accounts.
 *
 * @returns The simulated snap.
 */
async function installConnected(): Promise<Snap> {
  return installSnapnet({
    state: {
      version: STATE_VERSION,
      grants: connectedPages(
        DAPP_ORIGIN,
        ...[1, 2, 3, 4, 5, 6].map(senderPage),
      ),
    },
  });
}

/**
 * Sends an executeTxn transferring `amount` STRK base units to the recipient, from a
 * page of its own.
 *
 * @param snap - The snap.
 * @param index - Sending account index.
 * @param amount - Amount.
 * @returns The pending request.
 */
function sendTransfer(snap: Snap, index: number, amount: number): Pending {
  return snap.request({
    origin: senderPage(amount),
    method: 'snapnet_executeTxn',
    params: {
      address: ACCOUNTS[index]?.address ?? '',
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [RECIPIENT, String(amount), '0'],
        },
      ],
    },
  });
}

/**
 * Reads a method's result, recording it for the leak scan.
 *
 * @param snap - The snap.
 * @param method - Method.
 * @param params - Params.
 * @returns The result.
 */
async function read(
  snap: Snap,
  method: string,
  params: Record<string, Json> = {},
): Promise<Json> {
  // The user's view (MetaMask's origin): the sends came from pages of their own.
  return recorder.record(
    resultOf(await snap.request({ method, params, origin: 'metamask' })),
  );
}

/**
 * Seeds a deployed, funded account on the fake node.
 *
 * @param index - Account index.
 * @param nonce - Its nonce.
 */
async function fund(index: number, nonce = 0): Promise<void> {
  const account = ACCOUNTS[index];
  await node.deployAccount({ publicKey: account?.publicKey ?? '', nonce });
  await node.setBalance(STRK, account?.address ?? '', 10n ** 20n);
}

describe('concurrent requests', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('keeps all of 20 overlapping writes: accounts, tokens and transactions', async () => {
    for (const index of [0, 1, 2]) {
      await fund(index);
    }
    const tokens = [1, 2, 3, 4, 5, 6].map((digit) => `0x${digit}0${digit}`);
    for (const [at, address] of tokens.entries()) {
      await node.addToken({
        address,
        name: `Token ${at}`,
        symbol: `TK${at}`,
        decimals: 6,
      });
    }
    const snap = await installConnected();
    const pendings: Pending[] = [];
    for (let count = 0; count < 8; count++) {
      pendings.push(
        snap.request({ method: 'snapnet_createAccount', params: {} }),
      );
    }
    for (const [at, address] of tokens.entries()) {
      pendings.push(
        snap.request({
          origin: `https://token-${at}.example`,
          method: 'snapnet_addErc20Token',
          params: {
            chainId: SEPOLIA,
            tokenAddress: address,
            tokenName: `Token ${at}`,
            tokenSymbol: `TK${at}`,
          },
        }),
      );
    }
    for (const [at, index] of [0, 1, 2, 0, 1, 2].entries()) {
      pendings.push(sendTransfer(snap, index, at + 1));
    }
    const results = (await answerAll(pendings)).map((response) =>
      recorder.record(resultOf(response)),
    );
    expect(results).toHaveLength(20);

    // Eight createAccount without an index: eight distinct indexes, all listed.
    const accounts = (await read(snap, 'snapnet_listAccounts')) as {
      address: string;
      addressIndex: number;
    }[];
    expect(accounts.map((account) => account.addressIndex)).toStrictEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(accounts.map((account) => account.address)).toStrictEqual(
      [0, 1, 2, 3, 4, 5]
        .map((index) => ACCOUNTS[index]?.address)
        .concat(accounts.slice(6).map((account) => account.address)),
    );
    expect(
      new Set(results.slice(0, 8).map((result) => JSON.stringify(result))),
    ).toStrictEqual(
      new Set(accounts.map(({ address }) => JSON.stringify({ address }))),
    );

    // Six tokens: all on the watch list, after the preloaded ETH and STRK.
    const watched = (await read(snap, 'snapnet_getStoredErc20Tokens', {
      chainId: SEPOLIA,
    })) as { address: string }[];
    expect(
      watched
        .slice(2)
        .map((token) => token.address)
        .sort(),
    ).toStrictEqual(tokens.map((address) => hex64(address)).sort());

    // Six transactions: all accepted by the node, all recorded, nonces 0 and 1 each.
    const hashes = results.slice(14).map(transactionHashOf);
    const sent = await node.transactions();
    expect(sent.map((tx) => BigInt(tx.hash)).sort()).toStrictEqual(
      [...hashes].sort(),
    );
    for (const index of [0, 1, 2]) {
      const address = ACCOUNTS[index]?.address ?? '';
      const records = (await read(snap, 'snapnet_getTransactions', {
        senderAddress: address,
        onlyFromState: true,
      })) as { txnHash: string }[];
      expect(records).toHaveLength(2);
      expect(
        sent
          .filter((tx) => BigInt(tx.sender) === BigInt(address))
          .map((tx) => tx.nonce),
      ).toStrictEqual([0, 1]);
    }
  });

  it('gives 5 concurrent executeTxn from one account 5 consecutive nonces', async () => {
    await fund(0, 7);
    const snap = await installConnected();
    const pendings: Pending[] = [];
    for (const amount of [1, 2, 3, 4, 5]) {
      pendings.push(sendTransfer(snap, 0, amount));
    }
    const hashes = (await answerAll(pendings)).map((response) =>
      transactionHashOf(recorder.record(resultOf(response))),
    );
    const sent = await node.transactions();
    expect(sent.map((tx) => tx.nonce)).toStrictEqual([7, 8, 9, 10, 11]);
    expect(sent.map((tx) => BigInt(tx.hash))).toStrictEqual(hashes);
    // The sequencer includes what the node received (fake node: explicitly).
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(15n);
    const records = (await read(snap, 'snapnet_getTransactions', {
      senderAddress: ACCOUNTS[0]?.address ?? '',
      onlyFromState: true,
    })) as { txnHash: string }[];
    expect(
      records.map((record) => BigInt(record.txnHash)).sort(),
    ).toStrictEqual([...hashes].sort());
  });

  it('answered nothing that holds key material', () => {
    expect(recorder.size).toBeGreaterThan(10);
    expect(recorder.leaks()).toStrictEqual([]);
  });
});
