/**
 * SNIP-9 outside executions are reviewed as the transaction they authorise: the calls
 * simulated from the account (SKIP_VALIDATE + SKIP_FEE_CHARGE) and decoded, who may
 * submit, the window, no fee; refused before any dialog when malformed.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { constants } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import {
  ARGENT_040_ACCOUNT_CLASS_HASH,
  STRK,
} from '../../src/fakeNode/constants';
import {
  confirmationOf,
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
  warningsOf,
} from './typedDataHelpers';

const node = fakeNode('sepolia');
const CALLER = `0x0${'3'.repeat(63)}`;
const HOUR = 3600;

type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/**
 * Asks snapnet_signMessage for a signature.
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

describe('outside execution (SNIP-9) reviewed as a transaction', () => {
  beforeEach(async () => {
    await node.reset();
    await node.setBalance(STRK, signer.address, 100n * ONE);
  });

  it.each<['1' | '2', bigint | undefined]>([
    ['1', undefined],
    ['2', ARGENT_040_ACCOUNT_CLASS_HASH],
  ])(
    'v%s ANY_CALLER transfer of 40 STRK: decoded, simulated, anyone, expiry; signature verifies',
    async (version, classHash) => {
      await node.deployAccount({
        publicKey: signer.publicKey,
        address: signer.address,
        ...(classHash === undefined ? {} : { classHash }),
      });
      const snap = await installSnapnet();
      await node.clearRequests();
      const data = transfer40(version);
      const pending = sign(snap, data);
      const ui = await confirmationOf(pending);
      const text = textOf(ui);
      expect(text).toContain('Authorise a transaction');
      expect(text).toMatch(/STRK\n-40 STRK\n/u);
      // Decoded as executeTxn decodes it: amount with its symbol, recipient in hex.
      expect(text).toContain(`Transfer\n40 STRK\nRecipient\n${RECIPIENT}`);
      expect(text).toContain('Function\ntransfer');
      expect(text).toContain('anyone');
      expect(text).toContain(expiryOf(data));
      expect(text).toContain('You pay no fee');
      expect(warningsOf(ui).join('\n')).toContain('Anyone can submit it');
      await ui.ok();
      const signature = splitJoined(resultOf(await pending));
      expect(verifiesFor(signature, data)).toBe(true);
      const { httpRequests, rpcCalls } = await node.requests();
      expect(httpRequests).toBeLessThanOrEqual(3);
      const simulate = rpcCalls.find(
        (call) => call.method === 'starknet_simulateTransactions',
      );
      expect(simulate?.params).toMatchObject({
        simulation_flags: ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE'],
      });
    },
  );

  it('a specific caller and a 30-day window: the caller in hex and a warning', async () => {
    await node.deployAccount({ publicKey: signer.publicKey });
    const snap = await installSnapnet();
    const pending = sign(
      snap,
      transfer40('1', { caller: CALLER, seconds: 30 * 24 * HOUR }),
    );
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(CALLER);
    const warnings = warningsOf(ui).join('\n');
    expect(warnings).toContain('Valid for more than 24 hours');
    expect(warnings).not.toContain('Anyone');
    await ui.cancel();
    expect((await pending).response).toMatchObject({
      error: { code: 4001 },
    });
  });

  it('refuses v2 on an account whose class supports only v1', async () => {
    await node.deployAccount({ publicKey: signer.publicKey });
    const snap = await installSnapnet();
    expectInvalidField(
      await sign(snap, transfer40('2')),
      'typedDataMessage.domain.version',
    );
  });

  it('refuses a message carrying both Calls and calls', async () => {
    const snap = await installSnapnet();
    const data = transfer40('2');
    const message = data.message as Record<string, Json>;
    message.calls = message.Calls ?? [];
    expectInvalidField(await sign(snap, data), 'typedDataMessage.message');
  });

  it('refuses a domain for another chain, naming chainId', async () => {
    const snap = await installSnapnet();
    const data = transfer40('2');
    data.domain.chainId = constants.StarknetChainId.SN_MAIN;
    expectInvalidField(
      await sign(snap, data),
      'typedDataMessage.domain.chainId',
    );
  });
});
