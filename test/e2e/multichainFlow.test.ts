/**
 * What a dapp sees through MetaMask Flask's Multichain API (docs/multichain.md), end to
 * end in Jest: MetaMask's routing rules (multichainRouter.ts) in front of the built
 * snap, against the fake node.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import { installSnapnet, textOf } from './helpers';
import { createKeyringAccount, playSnapKeyring } from './keyringHelpers';
import type { DialogHandler } from './multichainRouter';
import { createRouter, RoutedError } from './multichainRouter';

const node = fakeNode('sepolia');
const owner = expectedAccount(0);
const DAPP = 'https://dapp.example';
const SCOPE = 'starknet:SN_SEPOLIA';
const ASKED = {
  [SCOPE]: {
    methods: [
      'wallet_addInvokeTransaction',
      'wallet_signTypedData',
      'starknet_getNonce',
    ],
    notifications: [],
  },
};
const INVOKE = {
  method: 'wallet_addInvokeTransaction',
  params: {
    calls: [
      {
        contract_address: STRK,
        entry_point: 'transfer',
        calldata: ['0x7', '3', '0'],
      },
    ],
  },
};

/**
 * The error a routed call rejects with.
 *
 * @param promise - The call.
 * @returns The error.
 */
async function routedError(promise: Promise<unknown>): Promise<RoutedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RoutedError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('Multichain API flow (Flask routing)', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('grants the read methods only while no account is shown', async () => {
    const snap = await installSnapnet();
    const router = createRouter(snap, DAPP);
    expect(await router.createSession(ASKED)).toStrictEqual({
      [SCOPE]: {
        methods: ['starknet_getNonce'],
        notifications: [],
        accounts: [],
      },
    });
  });

  it('shows the account, connects, reads the nonce, and sends after the dialog naming the dapp', async () => {
    await node.deployAccount({ publicKey: owner.publicKey, nonce: 3 });
    await node.setBalance(STRK, owner.address, 10n ** 19n);
    const snap = await installSnapnet();
    playSnapKeyring(snap);
    await createKeyringAccount(snap);
    const router = createRouter(snap, DAPP);

    const session = await router.createSession(ASKED);
    expect(session[SCOPE]).toStrictEqual({
      methods: ASKED[SCOPE].methods,
      notifications: [],
      accounts: [`${SCOPE}:${owner.address}`],
    });

    expect(
      await router.invokeMethod({
        scope: SCOPE,
        request: {
          method: 'starknet_getNonce',
          params: { block_id: 'latest', contract_address: owner.address },
        },
      }),
    ).toBe('0x3');

    let dialog = '';
    const approve: DialogHandler = async (ui) => {
      dialog = textOf(ui);
      if (ui.type === 'confirmation') {
        await ui.ok();
      }
    };
    const sent = (await router.invokeMethod(
      { scope: SCOPE, request: INVOKE },
      approve,
    )) as { transaction_hash: string };
    expect(dialog).toContain(DAPP);
    const [accepted] = await node.transactions();
    expect(accepted).toMatchObject({ type: 'INVOKE', nonce: 3 });
    expect(BigInt(accepted?.hash ?? 0)).toBe(BigInt(sent.transaction_hash));

    const refuse: DialogHandler = async (ui) => {
      if (ui.type === 'confirmation') {
        await ui.cancel();
      }
    };
    const refused = await routedError(
      router.invokeMethod({ scope: SCOPE, request: INVOKE }, refuse),
    );
    expect(refused.code).toBe(4001);
    expect(await node.transactions()).toHaveLength(1);

    // Outside the session's methods: refused before any snap sees it.
    await node.clearRequests();
    const outside = await routedError(
      router.invokeMethod({
        scope: SCOPE,
        request: { method: 'starknet_addInvokeTransaction', params: {} },
      }),
    );
    expect(outside.code).toBe(4100);
    expect((await node.requests()).httpRequests).toBe(0);
  });

  it('picks the account a request names (resolve), else the first connected one', async () => {
    const snap = await installSnapnet();
    playSnapKeyring(snap);
    await createKeyringAccount(snap);
    await createKeyringAccount(snap);
    const router = createRouter(snap, DAPP);
    const session = await router.createSession({
      [SCOPE]: { methods: ['wallet_deploymentData'], notifications: [] },
    });
    expect(session[SCOPE]?.accounts).toStrictEqual([
      `${SCOPE}:${owner.address}`,
      `${SCOPE}:${expectedAccount(1).address}`,
    ]);
    const deploymentOf = async (params?: { address: string }) =>
      (
        (await router.invokeMethod({
          scope: SCOPE,
          request: {
            method: 'wallet_deploymentData',
            ...(params ? { params } : {}),
          },
        })) as { address: string }
      ).address;
    expect(await deploymentOf()).toBe(owner.address);
    expect(await deploymentOf({ address: expectedAccount(1).address })).toBe(
      expectedAccount(1).address,
    );
  });
});
