/**
 * A call to the account itself hands it over: a page plays the attacker and asks, by
 * every path, for a call to the
 * signing account itself (Argent 0.3 `change_owner(attacker_key, r, s)`): executeTxn,
 * signTransaction, a SNIP-9 outside execution through signMessage, the keyring
 * (Multichain API) path, the wallet adapter, and a paymaster that slips one in. Each is
 * refused with -32602 naming the call, before any dialog; nothing is signed or sent.
 * Where the account appears as a recipient or spender, the dialog says "your account".
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import type { Call } from 'starknet';
import { RpcProvider, WalletAccount, outsideExecution } from 'starknet';

import type { SnapnetWallet } from '../../src/client/wallet';
import { createSnapnetWallet } from '../../src/client/wallet';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { fakePaymaster } from '../../src/fakeNode/paymasterAdmin';
import { SEPOLIA_USDC } from '../../src/fakeNode/paymasterQuote';
import { V3_BOUNDS } from '../fixtures/transactions';
import { MAIL_REV1 } from '../fixtures/typedData';
import { SEPOLIA, expectedAccount } from '../fixtures/wallet';
import {
  TEST_SNAP_ID,
  approveConnect,
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  simulatedWallet,
  textOf,
} from './helpers';
import {
  createKeyringAccount,
  keyring,
  keyringRequest,
  playSnapKeyring,
} from './keyringHelpers';

const node = fakeNode('sepolia');
const paymaster = fakePaymaster('sepolia');
const account = expectedAccount(0);
const ATTACKER_KEY = `0x${'a'.repeat(60)}`;
const RECIPIENT = `0x0${'7'.repeat(63)}`;
const USDC = `0x${SEPOLIA_USDC.toString(16).padStart(64, '0')}`;

/** Argent 0.3's takeover: the account's own change_owner(new_owner, r, s). */
const takeover: Call & { calldata: string[] } = {
  contractAddress: account.address,
  entrypoint: 'change_owner',
  calldata: [ATTACKER_KEY, '0x1', '0x2'],
};

/** A harmless transfer, so the self-call is not always first. */
const transfer = {
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [RECIPIENT, '5', '0'],
};

/**
 * Expects the refusal of a self-call: -32602 naming the call by index and contract.
 *
 * @param response - The snap's answer.
 * @param field - The call's path.
 */
function expectRefused(
  response: Parameters<typeof errorOf>[0],
  field: string,
): void {
  expectInvalidField(response, field);
  expect(errorOf(response).message).toContain(account.address);
  expect(errorOf(response).message).toContain('signing account itself');
}

/**
 * Outside-execution typed data (starknet.js) making the account call itself.
 *
 * @param version - SNIP-9 version.
 * @returns The typed data as plain JSON.
 */
function outsideTakeover(version: '1' | '2'): Json {
  const now = Math.floor(Date.now() / 1000);
  return JSON.parse(
    JSON.stringify(
      outsideExecution.getTypedData(
        SEPOLIA,
        {
          caller: '0x414e595f43414c4c4552',
          execute_after: now - 60,
          execute_before: now + 3600,
        },
        '0x5e1f',
        [transfer, takeover],
        version,
      ),
    ),
  );
}

describe('a call to the signing account requested by a page', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 20n);
  });

  it('executeTxn: refused before any dialog (alone, or second and unpadded), nothing sent', async () => {
    const snap = await installSnapnet();
    expectRefused(
      await snap.request({
        method: 'snapnet_executeTxn',
        params: { address: account.address, calls: [takeover] },
      }),
      'calls.0',
    );
    // The account's address unpadded, as the second call: the same account.
    expectRefused(
      await snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: account.address,
          calls: [
            transfer,
            {
              ...takeover,
              contractAddress: `0x${BigInt(account.address).toString(16)}`,
            },
          ],
        },
      }),
      'calls.1',
    );
    expect(await node.transactions()).toEqual([]);
  });

  it('signTransaction: refused before any dialog, nothing signed', async () => {
    const snap = await installSnapnet();
    expectRefused(
      await snap.request({
        method: 'snapnet_signTransaction',
        params: {
          address: account.address,
          transactions: [takeover],
          transactionsDetail: { resourceBounds: V3_BOUNDS },
        },
      }),
      'transactions.0',
    );
  });

  it.each<['1' | '2', string]>([
    ['1', 'calls'],
    ['2', 'Calls'],
  ])(
    'signMessage: a v%s outside execution calling the account is refused',
    async (version, calls) => {
      const snap = await installSnapnet();
      expectRefused(
        await snap.request({
          method: 'snapnet_signMessage',
          params: {
            typedDataMessage: outsideTakeover(version),
            signerAddress: account.address,
          },
        }),
        `typedDataMessage.message.${calls}.1`,
      );
    },
  );

  it('keyring path: wallet_addInvokeTransaction and wallet_signTypedData refused', async () => {
    const snap = await installSnapnet();
    playSnapKeyring(snap);
    const keyringAccount = await createKeyringAccount(snap);
    const invoke = await keyring(
      snap,
      'keyring_submitRequest',
      keyringRequest(keyringAccount, 'starknet:SN_SEPOLIA', {
        method: 'wallet_addInvokeTransaction',
        params: {
          calls: [
            {
              contract_address: account.address,
              entry_point: 'change_owner',
              calldata: takeover.calldata,
            },
          ],
        },
      }),
    );
    expect(errorOf(invoke).code).toBe(-32602);
    expect(errorOf(invoke).message).toContain('signing account itself');
    const typed = await keyring(
      snap,
      'keyring_submitRequest',
      keyringRequest(keyringAccount, 'starknet:SN_SEPOLIA', {
        method: 'wallet_signTypedData',
        params: outsideTakeover('2'),
      }),
    );
    expect(errorOf(typed).code).toBe(-32602);
    expect(errorOf(typed).message).toContain('signing account itself');
    expect(await node.transactions()).toEqual([]);
  });

  describe('through the wallet adapter (starknet.js WalletAccount)', () => {
    let opened: SnapnetWallet[] = [];
    afterEach(() => {
      opened.forEach((wallet) => wallet.dispose());
      opened = [];
    });

    it('execute of a self-call is refused as an invalid request, nothing sent', async () => {
      const simulated = await simulatedWallet();
      const wallet = createSnapnetWallet({
        snapId: TEST_SNAP_ID,
        provider: simulated.provider,
        pollIntervalMs: 1000,
      });
      opened.push(wallet);
      // The user gives the page account 0 in the connect dialog: a page signs only with
      // what it was given.
      const walletAccount = await approveConnect(
        simulated,
        WalletAccount.connect(
          new RpcProvider({ nodeUrl: node.rpcUrl }),
          wallet,
        ),
      );
      await expect(walletAccount.execute([takeover])).rejects.toMatchObject({
        code: 114,
      });
      expect(await node.transactions()).toEqual([]);
    });
  });

  describe('in what a paymaster built', () => {
    beforeEach(async () => {
      await node.addToken({
        address: USDC,
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
      });
      await node.setBalance(USDC, account.address, 10_000_000n);
    });

    it('a page self-call with a fee token is refused before the paymaster is asked', async () => {
      const snap = await installSnapnet();
      expectRefused(
        await snap.request({
          method: 'snapnet_executeTxn',
          params: {
            address: account.address,
            calls: [takeover],
            details: { feeToken: USDC },
          },
        }),
        'calls.0',
      );
      expect(await paymaster.requests()).toEqual([]);
    });

    it('a paymaster that slips change_owner into its build is refused, nothing signed', async () => {
      await paymaster.setMode('selfCall');
      const snap = await installSnapnet();
      const response = await snap.request({
        method: 'snapnet_executeTxn',
        params: {
          address: account.address,
          calls: [{ ...transfer, contractAddress: USDC }],
          details: { feeToken: USDC },
        },
      });
      expectInvalidField(response, 'paymaster typed_data.message.calls.1');
      expect(errorOf(response).message).toContain('signing account itself');
      expect(
        (await paymaster.requests()).map((request) => request.method),
      ).not.toContain('paymaster_executeTransaction');
      expect(await node.transactions()).toEqual([]);
    });

    it('a fee token that is the account itself is refused', async () => {
      const snap = await installSnapnet();
      expectInvalidField(
        await snap.request({
          method: 'snapnet_executeTxn',
          params: {
            address: account.address,
            calls: [transfer],
            details: { feeToken: account.address },
          },
        }),
        'details.feeToken',
      );
    });
  });
});

describe('the signing account in a dialog', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 20n);
  });

  it('is labelled "your account" as recipient, spender and raw argument', async () => {
    const snap = await installSnapnet();
    const other = `0x0${'5'.repeat(63)}`;
    const pending = snap.request({
      method: 'snapnet_signTransaction',
      params: {
        address: account.address,
        transactionsDetail: { resourceBounds: V3_BOUNDS },
        transactions: [
          { ...transfer, calldata: [account.address, '5', '0'] },
          {
            contractAddress: STRK,
            entrypoint: 'approve',
            calldata: [account.address, '7', '0'],
          },
          {
            contractAddress: other,
            entrypoint: 'register',
            calldata: [account.address],
          },
        ],
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    const short = `${account.address.slice(0, 10)}…${account.address.slice(-8)}`;
    // The whole address in the tooltip, then the short one with its label.
    const labelled = `${account.address}\n${short} (your account)`;
    expect(text).toContain(`Recipient\n${labelled}`);
    expect(text).toContain(`Spender\n${labelled}`);
    // The raw argument whole, grouped, and labelled too.
    const grouped = `0x${account.address
      .slice(2)
      .replace(/(.{8})/gu, '$1 ')
      .trim()}`;
    expect(text).toContain(`${grouped} (your account)`);
    // Other addresses are not.
    expect(text).not.toContain(`${other.slice(-8)} (your account)`);
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });

  it('is labelled "your account" in typed data too', async () => {
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_signMessage',
      params: {
        typedDataMessage: {
          ...MAIL_REV1,
          message: {
            ...MAIL_REV1.message,
            to: { name: 'Me', wallet: account.address },
          },
        },
        signerAddress: account.address,
      },
    });
    const ui = await confirmationOf(pending);
    const short = `${account.address.slice(0, 10)}…${account.address.slice(-8)}`;
    expect(textOf(ui)).toContain(
      `wallet\n${account.address}\n${short} (your account)`,
    );
    // The other wallet of the message is not the signer's.
    expect(textOf(ui).match(/your account/gu)).toHaveLength(1);
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });
});
