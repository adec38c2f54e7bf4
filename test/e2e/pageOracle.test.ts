/**
 * A page learns only what the user gave it, through the built snap with two pages
 * (origins) and the user: no method tells an ungranted page whether an address or an
 * index is the wallet's, a page's createAccount always asks, signing never grants,
 * and a revoke wins over an approval given after it. Addresses are derived here from
 * the simulation's seed (test/fixtures/wallet.ts), independently of the snap.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { STATE_VERSION } from '../../src/state/store';
import { VALID_PARAMS } from '../fixtures/validParams';
import { SEPOLIA, expectedAccount, expectedRecord } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const sepolia = fakeNode('sepolia');

const PAGE_A = 'https://a.example';
const PAGE_B = 'https://b.example';
const USER = 'metamask';

/** An address of no account of the simulation's seed. */
const STRANGER = `0x0${'7'.repeat(63)}`;

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
 * A wallet holding accounts 0 and 1 on Sepolia (both deployed and funded on the fake
 * node), account 0 given to page A; page B holds nothing.
 *
 * @returns The snap.
 */
async function walletWithPageA(): Promise<Snap> {
  for (const index of [0, 1]) {
    const account = expectedAccount(index);
    await sepolia.deployAccount({ publicKey: account.publicKey });
    await sepolia.setBalance(STRK, account.address, 10n ** 19n);
  }
  return installSnapnet({
    state: {
      version: STATE_VERSION,
      accounts: { [SEPOLIA]: [expectedRecord(0), expectedRecord(1)] },
      grants: { [PAGE_A]: { [SEPOLIA]: [expectedAccount(0).address] } },
    },
  });
}

/** The params of each method that name an account, and those fields. */
const NAMING: [string, string[]][] = [
  ['snapnet_extractPublicKey', ['userAddress']],
  ['snapnet_signMessage', ['signerAddress']],
  ['snapnet_signTransaction', ['address', 'senderAddress']],
  ['snapnet_signDeclareTransaction', ['address']],
  ['snapnet_estimateFee', ['address']],
  ['snapnet_executeTxn', ['address']],
  ['snapnet_declareContract', ['senderAddress']],
  ['snapnet_switchAccount', ['address']],
  ['snapnet_upgradeAccount', ['address']],
  ['snapnet_getDeploymentData', ['address']],
  ['snapnet_getTransactions', ['senderAddress']],
  ['snapnet_getTransaction', ['senderAddress']],
];

/**
 * A method's valid params naming one account in every account field.
 *
 * @param method - The method.
 * @param fields - Its account fields.
 * @param address - The account named.
 * @returns The params.
 */
function naming(
  method: string,
  fields: string[],
  address: string,
): Record<string, Json> {
  const params: Record<string, Json> = {
    ...VALID_PARAMS[method as keyof typeof VALID_PARAMS],
  };
  for (const field of fields) {
    params[field] = address;
  }
  return params;
}

describe('a page learns nothing it was not given', () => {
  beforeEach(async () => {
    await sepolia.reset();
  });

  it('every method naming an ungranted account answers the same 4100 for the wallet’s account and a stranger’s, asks the node nothing, shows no dialog', async () => {
    const snap = await walletWithPageA();
    const mine = expectedAccount(0).address;
    for (const [method, fields] of NAMING) {
      await sepolia.clearRequests();
      // Each answer arrives: a dialog would keep the request waiting for the user.
      const forMine = errorOf(
        await ask(snap, PAGE_B, method, naming(method, fields, mine)),
      );
      const forStranger = errorOf(
        await ask(snap, PAGE_B, method, naming(method, fields, STRANGER)),
      );
      expect([method, forMine.code]).toStrictEqual([method, 4100]);
      expect([method, forMine]).toStrictEqual([method, forStranger]);
      expect(JSON.stringify(forMine)).not.toContain(mine.slice(3));
      expect([method, (await sepolia.requests()).httpRequests]).toStrictEqual([
        method,
        0,
      ]);
    }
  });

  it('estimateAccountDeployFee: a deployed, an undeployed and an unstored index answer alike, without the node', async () => {
    const snap = await walletWithPageA();
    await sepolia.clearRequests();
    const answers = [];
    for (const addressIndex of [1, 2, 9]) {
      answers.push(
        errorOf(
          await ask(snap, PAGE_B, 'snapnet_estimateAccountDeployFee', {
            addressIndex,
          }),
        ),
      );
    }
    // Without an index: a page without an account has nothing to estimate.
    answers.push(
      errorOf(await ask(snap, PAGE_B, 'snapnet_estimateAccountDeployFee')),
    );
    expect(answers[0]?.code).toBe(4100);
    for (const answer of answers) {
      expect(answer).toStrictEqual(answers[0]);
    }
    expect((await sepolia.requests()).httpRequests).toBe(0);
    // Page A asks about its own account: the node answers (deployed: wallet code 115).
    const own = errorOf(
      await ask(snap, PAGE_A, 'snapnet_estimateAccountDeployFee', {
        addressIndex: 0,
      }),
    );
    expect(own.data).toMatchObject({ walletRpcError: { code: 115 } });
  });

  it('verifySignedMessage answers for an ungranted wallet account as for a stranger: from the chain', async () => {
    const snap = await walletWithPageA();
    const params = {
      ...VALID_PARAMS.snapnet_verifySignedMessage,
      address: expectedAccount(1).address,
    };
    await sepolia.clearRequests();
    const fromB = await ask(
      snap,
      PAGE_B,
      'snapnet_verifySignedMessage',
      params,
    );
    // Asked the account contract, as for any address the page was not given.
    expect((await sepolia.requests()).httpRequests).toBeGreaterThan(0);
    expect(resultOf(fromB)).toBe(false);
  });

  it("a page's createAccount always asks, naming the page and the index: declined stores nothing; approved gives the page the account and leaves page A's alone", async () => {
    const snap = await walletWithPageA();
    const before = resultOf(await ask(snap, USER, 'snapnet_listAccounts'));

    // Index 0 is page A's: page B learns nothing, the user decides.
    const declined = snap.request({
      origin: PAGE_B,
      method: 'snapnet_createAccount',
      params: { addressIndex: 0 },
    });
    const ui = await confirmationOf(declined);
    expect(textOf(ui)).toContain(`${PAGE_B} asks for your Starknet account #0`);
    await ui.cancel();
    expect(errorOf(await declined).code).toBe(4001);
    expect(resultOf(await ask(snap, PAGE_B, 'snapnet_listAccounts'))).toEqual(
      [],
    );

    // A new index: declined, nothing is stored.
    const fresh = snap.request({
      origin: PAGE_B,
      method: 'snapnet_createAccount',
      params: {},
    });
    const freshUi = await confirmationOf(fresh);
    expect(textOf(freshUi)).toContain('#2');
    await freshUi.cancel();
    expect(errorOf(await fresh).code).toBe(4001);
    expect(resultOf(await ask(snap, USER, 'snapnet_listAccounts'))).toEqual(
      before,
    );

    // Approved: created, stored and given to page B.
    const approved = snap.request({
      origin: PAGE_B,
      method: 'snapnet_createAccount',
      params: {},
    });
    await (await confirmationOf(approved)).ok();
    expect(resultOf(await approved)).toEqual({
      address: expectedAccount(2).address,
    });
    expect(
      (
        resultOf(await ask(snap, PAGE_B, 'snapnet_listAccounts')) as {
          address: string;
        }[]
      ).map((item) => item.address),
    ).toStrictEqual([expectedAccount(2).address]);
    // Asking again for an account it holds: no dialog.
    expect(
      resultOf(
        await ask(snap, PAGE_B, 'snapnet_createAccount', { addressIndex: 2 }),
      ),
    ).toEqual({ address: expectedAccount(2).address });
    // Page A's accounts and current account did not move.
    expect(
      resultOf(await ask(snap, PAGE_A, 'snapnet_getCurrentAccount')),
    ).toMatchObject({ address: expectedAccount(0).address });
    expect(
      (
        resultOf(await ask(snap, PAGE_A, 'snapnet_listAccounts')) as {
          address: string;
        }[]
      ).map((item) => item.address),
    ).toStrictEqual([expectedAccount(0).address]);
  });

  it('createAccount with deploy asks for the account before the node is asked about it', async () => {
    const snap = await walletWithPageA();
    await sepolia.clearRequests();
    const pending = snap.request({
      origin: PAGE_B,
      method: 'snapnet_createAccount',
      params: { addressIndex: 1, deploy: true },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(`${PAGE_B} asks for your Starknet account #1`);
    expect((await sepolia.requests()).httpRequests).toBe(0);
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
    expect((await sepolia.requests()).httpRequests).toBe(0);
  });

  it('the index rule counts only the accounts the user holds, and its error states no index', async () => {
    const snap = await installSnapnet({ connected: false });
    const far = errorOf(
      await ask(snap, PAGE_A, 'snapnet_createAccount', { addressIndex: 21 }),
    );
    expect(far.code).toBe(-32602);
    // Within 20 of nothing stored, but declined: nothing stored, so 39 stays far.
    const declined = snap.request({
      origin: PAGE_A,
      method: 'snapnet_createAccount',
      params: { addressIndex: 19 },
    });
    await (await confirmationOf(declined)).cancel();
    expect(errorOf(await declined).code).toBe(4001);
    const still = errorOf(
      await ask(snap, PAGE_A, 'snapnet_createAccount', { addressIndex: 39 }),
    );
    expect(still.code).toBe(-32602);
    expect(still.message).not.toMatch(/\(-?[0-9]+\)/u);
    expect(resultOf(await ask(snap, USER, 'snapnet_listAccounts'))).toEqual([]);
  });

  it("signing with another page's account: 4100 and no dialog; signing never grants", async () => {
    const snap = await walletWithPageA();
    // Page A's account, named by page B: refused at once (no dialog to answer).
    const refused = await ask(snap, PAGE_B, 'snapnet_signMessage', {
      ...VALID_PARAMS.snapnet_signMessage,
      signerAddress: expectedAccount(0).address,
    });
    expect(errorOf(refused).code).toBe(4100);
    // Page A signs with its own: a dialog, and B is still given nothing.
    const signing = snap.request({
      origin: PAGE_A,
      method: 'snapnet_signMessage',
      params: {
        ...VALID_PARAMS.snapnet_signMessage,
        signerAddress: expectedAccount(0).address,
      },
    });
    await (await confirmationOf(signing)).ok();
    expect(typeof resultOf(await signing)).toBe('string');
    expect(resultOf(await ask(snap, PAGE_B, 'snapnet_listAccounts'))).toEqual(
      [],
    );
  });

  it('a revoke wins: an open signing dialog approved after it signs nothing, an open create dialog approved after it grants nothing, and the current account is gone', async () => {
    const snap = await walletWithPageA();
    const signing = snap.request({
      origin: PAGE_A,
      method: 'snapnet_signMessage',
      params: {
        ...VALID_PARAMS.snapnet_signMessage,
        signerAddress: expectedAccount(0).address,
      },
    });
    const signUi = await confirmationOf(signing);
    const home = await snap.onHomePage();
    await home.getInterface().clickElement(`revoke:${PAGE_A}`);
    await signUi.ok();
    const signed = errorOf(await signing);
    expect(signed.code).toBe(4100);
    expect(
      resultOf(await ask(snap, PAGE_A, 'snapnet_getCurrentAccount')),
    ).toBeNull();

    // Page A asks for index 1 again; the user gives it, revokes A while the dialog is
    // open, then approves: nothing is given.
    const regrant = snap.request({
      origin: PAGE_A,
      method: 'snapnet_getCurrentAccount',
      params: { create: true },
    });
    await (await confirmationOf(regrant)).ok();
    expect(resultOf(await regrant)).toMatchObject({
      address: expectedAccount(0).address,
    });
    const creating = snap.request({
      origin: PAGE_A,
      method: 'snapnet_createAccount',
      params: { addressIndex: 3 },
    });
    const createUi = await confirmationOf(creating);
    const homeAgain = await snap.onHomePage();
    await homeAgain.getInterface().clickElement(`revoke:${PAGE_A}`);
    await createUi.ok();
    expect(errorOf(await creating).code).toBe(4100);
    expect(resultOf(await ask(snap, PAGE_A, 'snapnet_listAccounts'))).toEqual(
      [],
    );
    expect(
      resultOf(await ask(snap, PAGE_A, 'snapnet_getCurrentAccount')),
    ).toBeNull();
    // Nothing was stored for the revoked approval.
    expect(
      (
        resultOf(await ask(snap, USER, 'snapnet_listAccounts')) as {
          addressIndex: number;
        }[]
      ).map((item) => item.addressIndex),
    ).toStrictEqual([0, 1]);
  });
});
