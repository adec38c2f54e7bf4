/**
 * Accounts per page through the built snap, with two pages (origins) and the user: a page sees
 * and shapes only what the user gave it. Addresses and keys are derived here from the
 * simulation's seed (test/fixtures/wallet.ts), independently of the snap.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { STATE_VERSION } from '../../src/state/store';
import { SEPOLIA, expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const sepolia = fakeNode('sepolia');

const PAGE_A = 'https://a.example';
const PAGE_B = 'https://b.example';
const USER = 'metamask';

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * A snapnet request from an origin.
 *
 * @param snap - The snap.
 * @param origin - Who asks.
 * @param method - The method.
 * @param params - Its params.
 * @returns The response.
 */
async function ask(
  snap: Snap,
  origin: string,
  method: string,
  params: Record<string, unknown> = {},
) {
  return snap.request({ origin, method, params: params as never });
}

/**
 * A page asks for an account and the user approves the connect dialog, picking
 * `pick` (an address, or `new`) or keeping the preselected one.
 *
 * @param snap - The snap.
 * @param origin - The page.
 * @param pick - What the user picks.
 * @returns The account given.
 */
async function connect(snap: Snap, origin: string, pick?: string) {
  const pending = snap.request({
    origin,
    method: 'snapnet_getCurrentAccount',
    params: { create: true },
  });
  const ui = await confirmationOf(pending);
  expect(textOf(ui)).toContain(`${origin} asks for a Starknet account`);
  if (pick) {
    await ui.selectInDropdown('connect-account', pick);
  }
  await ui.ok();
  return resultOf(await pending) as { address: string; addressIndex: number };
}

describe('accounts per page', () => {
  beforeEach(async () => {
    await sepolia.reset();
  });

  it("page B sees none of page A's accounts, records or public keys without a dialog it was shown", async () => {
    const a0 = expectedAccount(0);
    const record = {
      txnHash: `0x${'1'.padStart(64, '0')}`,
      txnType: 'invoke',
      senderAddress: a0.address,
      contractAddress: a0.address,
      contractFuncName: 'transfer',
      contractCallData: [],
      status: 'RECEIVED',
      failureReason: null,
      eventIds: [],
      timestamp: Math.floor(Date.now() / 1000),
      chainId: SEPOLIA,
    };
    const snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        transactions: { [SEPOLIA]: { [a0.address]: [record] } },
      },
    });
    // Page A is given account 0 (a new account, the only choice of an empty wallet).
    expect((await connect(snap, PAGE_A)).address).toBe(a0.address);
    // Page A also asks for account 1; the user approves it for A.
    const creating = snap.request({
      origin: PAGE_A,
      method: 'snapnet_createAccount',
      params: {},
    });
    const createUi = await confirmationOf(creating);
    expect(textOf(createUi)).toContain(
      `${PAGE_A} asks for your Starknet account #1`,
    );
    await createUi.ok();
    const a1 = resultOf(await creating) as { address: string };
    expect(a1.address).toBe(expectedAccount(1).address);
    expect(
      (
        resultOf(await ask(snap, PAGE_A, 'snapnet_listAccounts')) as {
          address: string;
        }[]
      ).map((item) => item.address),
    ).toStrictEqual([a0.address, a1.address]);
    expect(
      resultOf(
        await ask(snap, PAGE_A, 'snapnet_getTransactions', {
          senderAddress: a0.address,
          onlyFromState: true,
        }),
      ),
    ).toMatchObject([{ txnHash: record.txnHash }]);

    // Page B: nothing of it.
    const answers = [
      await ask(snap, PAGE_B, 'snapnet_listAccounts'),
      await ask(snap, PAGE_B, 'snapnet_getCurrentAccount'),
    ];
    expect(answers.map(resultOf)).toStrictEqual([[], null]);
    const refused = [
      await ask(snap, PAGE_B, 'snapnet_extractPublicKey', {
        userAddress: a0.address,
      }),
      await ask(snap, PAGE_B, 'snapnet_getDeploymentData', {
        address: a1.address,
      }),
      await ask(snap, PAGE_B, 'snapnet_getDeploymentData'),
      await ask(snap, PAGE_B, 'snapnet_getTransactions', {
        senderAddress: a0.address,
        onlyFromState: true,
      }),
    ];
    for (const response of refused) {
      expect(errorOf(response).code).toBe(4100);
    }
    const everything = JSON.stringify([...answers, ...refused]);
    for (const secret of [
      a0.publicKey,
      expectedAccount(1).publicKey,
      a1.address,
      record.txnHash,
      // A's addresses only appear where B named them itself: never in an answer.
      a0.address,
    ]) {
      expect(everything).not.toContain(secret.slice(2));
    }

    // The user gives B a new account (index 2), and B sees that one only.
    const a2 = expectedAccount(2);
    expect((await connect(snap, PAGE_B, 'new')).address).toBe(a2.address);
    expect(
      (
        resultOf(await ask(snap, PAGE_B, 'snapnet_listAccounts')) as {
          address: string;
        }[]
      ).map((item) => item.address),
    ).toStrictEqual([a2.address]);
    expect(
      resultOf(
        await ask(snap, PAGE_B, 'snapnet_extractPublicKey', {
          userAddress: a2.address,
        }),
      ),
    ).toBe(a2.publicKey);
    // A's current account did not move with B's choice.
    expect(
      resultOf(await ask(snap, PAGE_A, 'snapnet_getCurrentAccount')),
    ).toMatchObject({ address: a0.address });
  });

  it('recoverAccounts from a page asks the user, naming the page and the indexes; declined, it returns only what the page was given', async () => {
    const snap = await installSnapnet({ connected: false });
    const declined = snap.request({
      origin: PAGE_B,
      method: 'snapnet_recoverAccounts',
      params: { startScanIndex: 0, maxScanned: 3, maxMissed: 3 },
    });
    const ui = await confirmationOf(declined);
    const text = textOf(ui);
    expect(text).toContain(PAGE_B);
    expect(text).toContain('up to 3 accounts');
    expect(text).toContain('indexes 0 to 2');
    await ui.cancel();
    expect(resultOf(await declined)).toStrictEqual([]);
    expect(resultOf(await ask(snap, USER, 'snapnet_listAccounts'))).toEqual([]);

    const approved = snap.request({
      origin: PAGE_B,
      method: 'snapnet_recoverAccounts',
      params: { startScanIndex: 0, maxScanned: 2, maxMissed: 2 },
    });
    await (await confirmationOf(approved)).ok();
    const found = resultOf(await approved) as { address: string }[];
    expect(found.map((item) => item.address)).toStrictEqual([
      expectedAccount(0).address,
      expectedAccount(1).address,
    ]);
    // Given to B, not to A.
    expect(
      (
        resultOf(await ask(snap, PAGE_B, 'snapnet_listAccounts')) as {
          address: string;
        }[]
      ).map((item) => item.address),
    ).toContain(expectedAccount(0).address);
    expect(resultOf(await ask(snap, PAGE_A, 'snapnet_listAccounts'))).toEqual(
      [],
    );
  });

  it("refuses a far index before any dialog; a near one asks, and approved is the page's", async () => {
    const snap = await installSnapnet({ connected: false });
    expectInvalidField(
      await ask(snap, PAGE_A, 'snapnet_createAccount', {
        addressIndex: 2147483647,
      }),
      'addressIndex',
    );
    expectInvalidField(
      await ask(snap, PAGE_A, 'snapnet_createAccount', { addressIndex: 21 }),
      'addressIndex',
    );
    // Within 20 of nothing stored: index 5, after the user approves.
    const creating = snap.request({
      origin: PAGE_A,
      method: 'snapnet_createAccount',
      params: { addressIndex: 5 },
    });
    await (await confirmationOf(creating)).ok();
    expect(resultOf(await creating)).toEqual({
      address: expectedAccount(5).address,
    });
    expect(
      resultOf(await ask(snap, PAGE_A, 'snapnet_listAccounts')),
    ).toMatchObject([{ address: expectedAccount(5).address }]);
    // Not given to another page.
    expect(resultOf(await ask(snap, PAGE_B, 'snapnet_listAccounts'))).toEqual(
      [],
    );
  });

  it("the home page lists and revokes a page's accounts, shows indexes, and removes an account that recovery finds again", async () => {
    const snap = await installSnapnet({ connected: false });
    const given = await connect(snap, PAGE_A);
    const page = await snap.onHomePage();
    const text = textOf(page.getInterface());
    expect(text).toContain('Account #0');
    expect(text).toContain(PAGE_A);
    expect(text).toContain(`Revoke ${PAGE_A}`);

    await page.getInterface().clickElement(`revoke:${PAGE_A}`);
    expect(textOf(page.getInterface())).toContain(
      'No site has been given an account.',
    );
    expect(
      resultOf(await ask(snap, PAGE_A, 'snapnet_getCurrentAccount')),
    ).toBeNull();
    expect(resultOf(await ask(snap, PAGE_A, 'snapnet_listAccounts'))).toEqual(
      [],
    );

    await page.getInterface().clickElement('remove-account');
    expect(resultOf(await ask(snap, USER, 'snapnet_listAccounts'))).toEqual([]);
    expect(textOf(page.getInterface())).toContain(
      'You have no Starknet account on this network yet.',
    );
    // Recovery (the user's own, no dialog) finds it again.
    const found = resultOf(
      await ask(snap, USER, 'snapnet_recoverAccounts', { maxScanned: 1 }),
    ) as { address: string }[];
    expect(found.map((item) => item.address)).toStrictEqual([given.address]);
    expect(
      resultOf(await ask(snap, USER, 'snapnet_listAccounts')),
    ).toMatchObject([{ address: given.address }]);
  });

  it("a page's error never names the node the user set, and carries no stack; the home page still names it", async () => {
    const host = '127.0.0.1:1';
    const snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        nodeUrls: { [SEPOLIA]: `http://${host}/rpc` },
      },
    });
    const response = await ask(snap, PAGE_A, 'snapnet_getTransactionStatus', {
      transactionHash: `0x${'2'.padStart(64, '0')}`,
    });
    const error = errorOf(response);
    expect(error.message).toContain('your Starknet node');
    const wire = JSON.stringify(response.response);
    expect(wire).not.toContain(host);
    expect(wire).not.toContain('"stack"');
    expect(
      (error.data?.node as Record<string, unknown> | undefined)?.host,
    ).toBeUndefined();
    const page = await snap.onHomePage();
    expect(textOf(page.getInterface())).toContain(host);
  });
});
