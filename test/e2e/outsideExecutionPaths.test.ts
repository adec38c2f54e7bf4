/**
 * The wallet adapter's wallet_signTypedData and the keyring's submitRequest show an
 * outside execution as the transaction it authorises, like snapnet_signMessage.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { RpcProvider, WalletAccount } from 'starknet';

import type { SnapnetWallet } from '../../src/client/wallet';
import { createSnapnetWallet } from '../../src/client/wallet';
import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import {
  approveConnect,
  confirmationOf,
  installSnapnet,
  resultOf,
  simulatedWallet,
  TEST_SNAP_ID,
  textOf,
} from './helpers';
import {
  createKeyringAccount,
  keyring,
  keyringRequest,
  playSnapKeyring,
} from './keyringHelpers';
import {
  ONE,
  RECIPIENT,
  signer,
  transfer40,
  verifiesFor,
  warningsOf,
} from './typedDataHelpers';

const node = fakeNode('sepolia');
let opened: SnapnetWallet[] = [];

/**
 * Checks the dialog is the outside-execution review of the 40 STRK transfer.
 *
 * @param ui - The dialog.
 * @param ui.content - Its content.
 */
function expectReview(ui: { content: unknown }): void {
  const text = textOf(ui);
  expect(text).toContain('Authorise a transaction');
  expect(text).toMatch(/STRK\n-40 STRK\n/u);
  expect(text).toContain(`Transfer\n40 STRK\nRecipient\n${RECIPIENT}`);
  expect(warningsOf(ui).join('\n')).toContain('Anyone can submit it');
}

describe('outside execution on every typed-data path', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: signer.publicKey });
    await node.setBalance(STRK, signer.address, 100n * ONE);
  });

  afterEach(() => {
    opened.forEach((wallet) => wallet.dispose());
    opened = [];
  });

  it('wallet adapter: WalletAccount.signMessage shows the review; [r, s] verifies', async () => {
    const simulated = await simulatedWallet();
    const wallet = createSnapnetWallet({
      snapId: TEST_SNAP_ID,
      provider: simulated.provider,
      pollIntervalMs: 1000,
    });
    opened.push(wallet);
    const provider = new RpcProvider({ nodeUrl: node.rpcUrl });
    // The user gives the page account 0 in the connect dialog: a page signs only with
    // what it was given.
    const walletAccount = await approveConnect(
      simulated,
      WalletAccount.connect(provider, wallet),
    );
    const data = transfer40('1');
    const pending = walletAccount.signMessage(data);
    const dialog = await simulated.nextDialog('snapnet_signMessage');
    expectReview(dialog);
    await dialog.ok();
    const [sigR, sigS] = await pending;
    expect(verifiesFor([BigInt(sigR ?? 0), BigInt(sigS ?? 0)], data)).toBe(
      true,
    );
  });

  it('keyring submitRequest: wallet_signTypedData shows the review; [r, s] verifies', async () => {
    const snap = await installSnapnet();
    playSnapKeyring(snap);
    const account = await createKeyringAccount(snap);
    const data = transfer40('1');
    const pending = keyring(
      snap,
      'keyring_submitRequest',
      keyringRequest(account, 'starknet:SN_SEPOLIA', {
        method: 'wallet_signTypedData',
        params: data,
      }),
    );
    const ui = await confirmationOf(pending);
    expectReview(ui);
    await ui.ok();
    const { result } = resultOf(await pending) as { result: [string, string] };
    expect(verifiesFor([BigInt(result[0]), BigInt(result[1])], data)).toBe(
      true,
    );
  });
});
