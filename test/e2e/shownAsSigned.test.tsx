/**
 * Shown as signed, through the built snap: a signature that
 * fails today but stays usable is shown with what it would do and until when; typed
 * data reads exactly as hashed (bool text, numeric selectors, u256 as one number); raw
 * calldata is never cut; a summarised ERC-20 call is not repeated in base units, and
 * an unlimited approval reads "Unlimited" in the call as in the preview.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { hash } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import {
  ARGENT_040_ACCOUNT_CLASS_HASH,
  STRK,
} from '../../src/fakeNode/constants';
import { V3_BOUNDS } from '../fixtures/transactions';
import { MAIL_REV0 } from '../fixtures/typedData';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';
import {
  ONE,
  RECIPIENT,
  expiryOf,
  signer,
  splitJoined,
  transfer40,
  verifiesFor,
} from './typedDataHelpers';

const node = fakeNode('sepolia');
const MAX_U256 = 2n ** 256n - 1n;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Asks for a signature of typed data.
 *
 * @param snap - The installed snap.
 * @param data - The typed data.
 * @returns The pending request.
 */
function sign(snap: Snap, data: Json): ReturnType<Snap['request']> {
  return snap.request({
    method: 'snapnet_signMessage',
    params: { typedDataMessage: data, signerAddress: signer.address },
  });
}

/**
 * Revision 1 typed data with one member of the given type in its message.
 *
 * @param type - The member's type.
 * @param value - Its value.
 * @returns The typed data.
 */
function rev1With(type: string, value: Json): Json {
  return {
    types: {
      StarknetDomain: [
        { name: 'name', type: 'shortstring' },
        { name: 'version', type: 'shortstring' },
        { name: 'chainId', type: 'shortstring' },
        { name: 'revision', type: 'shortstring' },
      ],
      Order: [{ name: 'value', type }],
    },
    primaryType: 'Order',
    domain: {
      name: 'Shop',
      version: '1',
      chainId: 'SN_SEPOLIA',
      revision: '1',
    },
    message: { value },
  };
}

/**
 * The 50 STRK transfer the attacker wants authorised (outside execution data).
 *
 * @param version - SNIP-9 version.
 * @returns The typed data.
 */
function transfer50(version: '1' | '2'): Json {
  const data = transfer40(version, { caller: `0x0${'3'.repeat(63)}` });
  const message = data.message as Record<string, unknown>;
  const calls = (message.Calls ?? message.calls) as {
    Calldata?: string[];
    calldata?: string[];
  }[];
  for (const call of calls) {
    const calldata = [RECIPIENT, (50n * ONE).toString(), '0'];
    if (call.Calldata) {
      call.Calldata = calldata;
    } else {
      call.calldata = calldata;
    }
  }
  return data;
}

describe('a signature that fails today but can be used later (§3)', () => {
  beforeEach(async () => {
    await node.reset();
    // Deployed, holding no STRK: the transfer reverts in the simulation.
    await node.deployAccount({
      publicKey: signer.publicKey,
      address: signer.address,
    });
  });

  it.each<['1' | '2']>([['1'], ['2']])(
    'v%s outside execution of 50 STRK from an empty account: its calls, until when, never "nothing moves"',
    async (version) => {
      if (version === '2') {
        // SNIP-9 v2 needs the Argent 0.4 class.
        await node.reset();
        await node.deployAccount({
          publicKey: signer.publicKey,
          address: signer.address,
          classHash: ARGENT_040_ACCOUNT_CLASS_HASH,
        });
      }
      const snap = await installSnapnet();
      const data = transfer50(version);
      const pending = sign(snap, data);
      const ui = await confirmationOf(pending);
      const text = textOf(ui);
      expect(text).toContain('Fails now, but the signature stays usable');
      expect(text).toContain(`valid until ${expiryOf(data as never)}`);
      expect(text).toContain(`Transfer\n50 STRK\nRecipient\n${RECIPIENT}`);
      expect(text).not.toContain('No token leaves or reaches your account');
      expect(text).not.toContain('This transaction will fail');
      await ui.cancel();
      expect(errorOf(await pending).code).toBe(4001);
    },
  );

  it('signTransaction of 50 STRK the account lacks: its calls, until the nonce is used', async () => {
    await node.setBalance(STRK, signer.address, 10n * ONE);
    const snap = await installSnapnet();
    const pending = snap.request({
      method: 'snapnet_signTransaction',
      params: {
        address: signer.address,
        transactions: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, (50n * ONE).toString(), '0'],
          },
        ],
        transactionsDetail: { resourceBounds: V3_BOUNDS },
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain('Fails now, but the signature stays usable');
    expect(text).toContain("until your account's nonce 0 is used");
    expect(text).toContain(`Transfer\n50 STRK\nRecipient\n${RECIPIENT}`);
    expect(text).not.toContain('No token leaves or reaches your account');
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });
});

describe('typed data exactly as hashed (§4)', () => {
  it('refuses a revision 0 bool holding the text "false", naming the field', async () => {
    const data = {
      ...MAIL_REV0,
      types: {
        ...MAIL_REV0.types,
        Mail: [...MAIL_REV0.types.Mail, { name: 'ok', type: 'bool' }],
      },
      message: { ...MAIL_REV0.message, ok: 'false' },
    };
    const response = await sign(await installSnapnet(), data);
    expectInvalidField(response, 'typedDataMessage.message.ok');
    expect(errorOf(response).message).toContain('true or false');
  });

  it('shows a revision 0 bool given as a boolean as that boolean, and signs it', async () => {
    const data = {
      ...MAIL_REV0,
      types: {
        ...MAIL_REV0.types,
        Mail: [...MAIL_REV0.types.Mail, { name: 'ok', type: 'bool' }],
      },
      message: { ...MAIL_REV0.message, ok: true },
    };
    const pending = sign(await installSnapnet(), data);
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain('ok\ntrue');
    await ui.ok();
    expect(verifiesFor(splitJoined(resultOf(await pending)), data)).toBe(true);
  });

  it('refuses a selector given as a JSON number, naming the field', async () => {
    const response = await sign(
      await installSnapnet(),
      rev1With('selector', 1234),
    );
    expectInvalidField(response, 'typedDataMessage.message.value');
    expect(errorOf(response).message).toContain('keccak');
  });

  it('shows a selector given as text with the keccak that is signed', async () => {
    const data = rev1With('selector', 'transfer');
    const pending = sign(await installSnapnet(), data);
    const ui = await confirmationOf(pending);
    const selector = `0x${BigInt(hash.getSelectorFromName('transfer'))
      .toString(16)
      .padStart(64, '0')}`;
    expect(textOf(ui)).toContain(`transfer (${selector})`);
    await ui.ok();
    expect(
      verifiesFor(splitJoined(resultOf(await pending)), data as never),
    ).toBe(true);
  });

  it.each<[string, Json, string]>([
    ['u256', { low: '1000', high: '1' }, 'value'],
    [
      'TokenAmount',
      { token_address: STRK, amount: { low: '1000', high: '1' } },
      'amount',
    ],
  ])(
    'shows a %s amount as one number (2^128 + 1000), never as low and high',
    async (type, value, row) => {
      const data = rev1With(type, value);
      const pending = sign(await installSnapnet(), data);
      const ui = await confirmationOf(pending);
      const text = textOf(ui);
      const total = 2n ** 128n + 1000n;
      expect(text).toContain(
        `${row}\n${total.toString()} (0x${total.toString(16)})`,
      );
      expect(text).not.toMatch(/\blow\b|\bhigh\b/u);
      await ui.ok();
      expect(
        verifiesFor(splitJoined(resultOf(await pending)), data as never),
      ).toBe(true);
    },
  );
});

describe('calls as signed (§4 raw calldata, §6 summaries)', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: signer.publicKey });
    await node.setBalance(STRK, signer.address, 100n * ONE);
  });

  it('shows raw calldata whole, grouped: 1e6 and 1.2e24 never read alike', async () => {
    const snap = await installSnapnet();
    const pad = (value: bigint): string =>
      `0x${value.toString(16).padStart(64, '0')}`;
    const pending = snap.request({
      method: 'snapnet_signTransaction',
      params: {
        address: signer.address,
        transactionsDetail: { resourceBounds: V3_BOUNDS },
        transactions: [
          {
            // No contract there: no ABI, so the calldata is shown raw.
            contractAddress: `0x0${'6'.repeat(63)}`,
            entrypoint: 'settle',
            calldata: [pad(10n ** 6n), pad(12n * 10n ** 23n)],
          },
        ],
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    const grouped = (value: bigint): string =>
      `0x${value
        .toString(16)
        .padStart(64, '0')
        .replace(/(.{8})/gu, '$1 ')
        .trim()}`;
    expect(text).toContain(`Argument 0\n${grouped(10n ** 6n)}`);
    expect(text).toContain(`Argument 1\n${grouped(12n * 10n ** 23n)}`);
    expect(text).not.toContain('…000f4240');
    await ui.cancel();
    expect(errorOf(await pending).code).toBe(4001);
  });

  it('summarises a transfer without its base units, and an unlimited approval as Unlimited in the call and the preview', async () => {
    const snap = await installSnapnet();
    const spender = `0x0${'4'.repeat(63)}`;
    const pending = snap.request({
      method: 'snapnet_executeTxn',
      params: {
        address: signer.address,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, (40n * ONE).toString(), '0'],
          },
          {
            contractAddress: STRK,
            entrypoint: 'approve',
            calldata: [
              spender,
              (MAX_U256 % 2n ** 128n).toString(),
              (MAX_U256 / 2n ** 128n).toString(),
            ],
          },
        ],
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    expect(text).toContain(`Transfer\n40 STRK\nRecipient\n${RECIPIENT}`);
    expect(text).toContain(`Approve spending\nUnlimited\nSpender\n${spender}`);
    // The preview's approval row says the same.
    expect(text).toMatch(/STRK\nUnlimited/u);
    for (const baseUnits of [
      (40n * ONE).toString(),
      (2n ** 128n - 1n).toString(),
      MAX_U256.toString(),
    ]) {
      expect(text).not.toContain(baseUnits);
    }
    expect(text).not.toMatch(/\bamount\b/u);
    await ui.ok();
    resultOf(await pending);
    await node.include();
    expect(await node.getBalance(STRK, RECIPIENT)).toBe(40n * ONE);
  });
});
