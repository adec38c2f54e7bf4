/**
 * The store's lock check per request: a request's reads answered from memory ask
 * MetaMask whether it is locked once, not before every read, and a locked MetaMask is
 * still never answered from memory.
 */
import type { Json } from '@metamask/utils';

import { dispatch } from '../../src/rpc/dispatch';
import { createSendLock } from '../../src/rpc/sendLock';
import { createStore, defaultState } from '../../src/state/store';
import { installSigningWallet } from '../fixtures/signingWallet';
import { installStateWallet } from '../fixtures/stateWallet';
import { SEPOLIA, expectedRecord } from '../fixtures/wallet';

/**
 * Counts the wallet's `snap_getClientStatus` and `snap_getState` requests.
 *
 * @returns The counts so far.
 */
function countRequests(): () => { status: number; reads: number } {
  const wallet: { request: (args: { method: string }) => Promise<Json> } =
    Reflect.get(globalThis, 'snap');
  const counts = { status: 0, reads: 0 };
  Reflect.set(globalThis, 'snap', {
    request: async (args: { method: string }) => {
      if (args.method === 'snap_getClientStatus') {
        counts.status += 1;
      }
      if (args.method === 'snap_getState') {
        counts.reads += 1;
      }
      return wallet.request(args);
    },
  });
  return () => ({ ...counts });
}

describe('the lock check of one request', () => {
  it('asks once per request for reads and an update answered from memory', async () => {
    installStateWallet(structuredClone(defaultState()));
    const counts = countRequests();
    const store = createStore();
    await store.read();
    const request = store.forRequest?.();
    if (!request) {
      throw new Error('createStore gives a per-request view');
    }
    await request.read();
    await request.read();
    await request.update((draft) => {
      draft.currentNetwork = '0x534e5f4d41494e';
    });
    expect((await request.read()).currentNetwork).toBe('0x534e5f4d41494e');
    expect(counts()).toStrictEqual({ status: 1, reads: 1 });
    // The shared store still asks before each read from memory.
    await store.read();
    await store.read();
    expect(counts()).toStrictEqual({ status: 3, reads: 1 });
  });

  it('reads from the wallet while locked, and asks again until found unlocked', async () => {
    const wallet = installStateWallet(structuredClone(defaultState()));
    const counts = countRequests();
    const store = createStore();
    await store.read();
    wallet.locked = true;
    const request = store.forRequest?.();
    await request?.read();
    await request?.read();
    expect(counts()).toStrictEqual({ status: 2, reads: 3 });
    wallet.locked = false;
    await request?.read();
    await request?.read();
    expect(counts()).toStrictEqual({ status: 3, reads: 3 });
    // A new request asks again.
    await store.forRequest?.().read();
    expect(counts()).toStrictEqual({ status: 4, reads: 3 });
  });

  it("asks once in a page's createAccount through the dispatcher, with the state kept", async () => {
    await installSigningWallet(
      { ...defaultState(), accounts: { [SEPOLIA]: [expectedRecord(0)] } },
      true,
    );
    const store = createStore();
    await store.read();
    const counts = countRequests();
    const created = await dispatch({
      origin: 'https://dapp.test',
      method: 'snapnet_createAccount',
      params: { chainId: SEPOLIA },
      store,
      sendLock: createSendLock(),
    });
    expect(created).toStrictEqual({ address: expect.any(String) });
    expect(counts()).toStrictEqual({ status: 1, reads: 0 });
  });
});
