/**
 * `snapnet/testing` under concurrency: three confirmations open at once, from one page
 * and from two pages. The `dialogs` policy sees each dialog once, with its own id, and
 * each answer reaches its own request: the approved messages come back signed by the
 * account's key (checked with starknet.js), the rejected one as a 4001.
 */
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
} from '@jest/globals';
import type { TypedData } from 'starknet';
import { ec, typedData } from 'starknet';

import type { SnapnetClient } from '../../src/client/snap';
import {
  createSnapnetClient,
  signatureToArray,
  UserRejectedError,
} from '../../src/client/snap';
import { expectedAccount } from '../fixtures/wallet';
import type {
  DialogView,
  FakeStarknetNode,
  SimulatedWallet,
} from 'snapnet/testing';
import {
  createSimulatedWallet,
  ProviderRpcError,
  SNAPNET_SNAP_ID,
  startFakeStarknetNode,
} from 'snapnet/testing';

/** How long the first signing dialog stays open before it is answered. */
const HOLD_MS = 500;

let node: FakeStarknetNode;
const wallets: SimulatedWallet[] = [];

/**
 * A note to sign, named by its text.
 *
 * @param text - What the note says (and the dialog shows).
 * @returns The typed data.
 */
function note(text: string): TypedData & Record<string, unknown> {
  return {
    types: {
      StarknetDomain: [
        { name: 'name', type: 'shortstring' },
        { name: 'version', type: 'shortstring' },
        { name: 'chainId', type: 'shortstring' },
        { name: 'revision', type: 'shortstring' },
      ],
      Note: [{ name: 'text', type: 'string' }],
    },
    primaryType: 'Note',
    domain: {
      name: 'test',
      version: '1',
      chainId: 'SN_SEPOLIA',
      revision: '1',
    },
    message: { text },
  };
}

/**
 * A page of a wallet: a client whose calls reach the snap with the page's origin.
 *
 * @param wallet - The wallet.
 * @param origin - The page's origin.
 * @returns The client, connected and given an account it created.
 */
async function page(
  wallet: SimulatedWallet,
  origin: string,
): Promise<{ client: SnapnetClient; address: string }> {
  const client = createSnapnetClient({
    snapId: SNAPNET_SNAP_ID,
    provider: {
      async request(call): Promise<unknown> {
        const reply = await wallet.answer(call, origin);
        if ('error' in reply) {
          throw new ProviderRpcError(reply.error);
        }
        return reply.result;
      },
    },
  });
  await client.connect();
  const { address } = await client.createAccount();
  return { client, address };
}

/**
 * Whether a signature is the account's over the note.
 *
 * @param signature - The signature, `0x` + r + s.
 * @param text - The note's text.
 * @param address - The signing account.
 * @returns True when it verifies with the account's key.
 */
function signedBy(signature: string, text: string, address: string): boolean {
  const [index] = [0, 1, 2].filter(
    (candidate) => expectedAccount(candidate).address === address,
  );
  const { privateKey } = expectedAccount(index ?? -1);
  const [rHex, sHex] = signatureToArray(signature);
  return ec.starkCurve.verify(
    new ec.starkCurve.Signature(BigInt(rHex), BigInt(sHex)),
    typedData.getMessageHash(note(text), address),
    ec.starkCurve.getPublicKey(privateKey, false),
  );
}

/**
 * A wallet whose policy records each signing dialog and rejects the one naming "Two".
 *
 * @returns The wallet and the signing dialogs the policy saw.
 */
async function recordingWallet(): Promise<{
  wallet: SimulatedWallet;
  seen: DialogView[];
}> {
  const seen: DialogView[] = [];
  const wallet = await createSimulatedWallet({
    nodeUrl: node.rpcUrl,
    dialogs: async (dialog) => {
      if (dialog.method !== 'snapnet_signMessage') {
        return 'approve';
      }
      seen.push(dialog);
      if (seen.length === 1) {
        // Holds the first dialog open while the other requests reach theirs, so the
        // snap has several dialogs in flight at once (a wait, never an assert).
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      }
      return dialog.text.includes('Two') ? 'reject' : 'approve';
    },
  });
  wallets.push(wallet);
  return { wallet, seen };
}

/**
 * Checks three concurrent signings: three distinct dialogs, each answered on its own.
 *
 * @param seen - The signing dialogs the policy saw.
 * @param outcomes - The settled requests, by note text.
 * @param signers - The account each note was signed with, by note text.
 */
function expectEachAnsweredOnItsOwn(
  seen: DialogView[],
  outcomes: Record<string, PromiseSettledResult<string> | undefined>,
  signers: Record<string, { address: string; origin: string }>,
): void {
  expect(new Set(seen.map((dialog) => dialog.id)).size).toBe(3);
  for (const [text, { address, origin }] of Object.entries(signers)) {
    const views = seen.filter((dialog) => dialog.text.includes(text));
    expect(views).toHaveLength(1);
    expect(views[0]?.origin).toBe(origin);
    const outcome = outcomes[text];
    if (text === 'Two') {
      expect(outcome?.status).toBe('rejected');
      const reason: unknown =
        outcome?.status === 'rejected' ? outcome.reason : undefined;
      expect(reason).toBeInstanceOf(UserRejectedError);
      expect(reason).toMatchObject({ code: 4001 });
    } else {
      expect(outcome?.status).toBe('fulfilled');
      const signature = outcome?.status === 'fulfilled' ? outcome.value : '';
      expect(signedBy(signature, text, address)).toBe(true);
    }
  }
}

describe('snapnet/testing: the dialogs policy under concurrency', () => {
  beforeAll(async () => {
    node = await startFakeStarknetNode();
  });

  afterEach(async () => {
    await Promise.all(wallets.splice(0).map(async (wallet) => wallet.close()));
  });

  afterAll(async () => {
    await node?.close();
  });

  it('answers three confirmations opened at once from one page, each on its own', async () => {
    const { wallet, seen } = await recordingWallet();
    const { client, address } = await page(wallet, 'one.example');
    const texts = ['One', 'Two', 'Three'];
    const settled = await Promise.allSettled(
      texts.map(async (text) =>
        client.signMessage({
          typedDataMessage: note(text),
          signerAddress: address,
        }),
      ),
    );
    expectEachAnsweredOnItsOwn(
      seen,
      Object.fromEntries(texts.map((text, at) => [text, settled[at]])),
      Object.fromEntries(
        texts.map((text) => [text, { address, origin: 'one.example' }]),
      ),
    );
  });

  it('answers three confirmations opened at once from two pages, each on its own', async () => {
    const { wallet, seen } = await recordingWallet();
    const first = await page(wallet, 'first.example');
    const second = await page(wallet, 'second.example');
    const plan = [
      { text: 'One', from: first, origin: 'first.example' },
      { text: 'Two', from: second, origin: 'second.example' },
      { text: 'Three', from: first, origin: 'first.example' },
    ];
    const settled = await Promise.allSettled(
      plan.map(async ({ text, from }) =>
        from.client.signMessage({
          typedDataMessage: note(text),
          signerAddress: from.address,
        }),
      ),
    );
    expectEachAnsweredOnItsOwn(
      seen,
      Object.fromEntries(plan.map(({ text }, at) => [text, settled[at]])),
      Object.fromEntries(
        plan.map(({ text, from, origin }) => [
          text,
          { address: from.address, origin },
        ]),
      ),
    );
  });
});
