/**
 * A locked MetaMask tells a page nothing from the snap's memory (locked means
 * unreadable): MetaMask
 * keeps the snap running when it locks, so the store, which keeps its last load, asks
 * `snap_getClientStatus` before answering from it, and locked, reads the state from
 * MetaMask again (`snap_getState`, which in MetaMask waits for the password).
 *
 * The simulation has no lock of its own (its client status always says unlocked), so
 * the test plays MetaMask's side: it answers `snap_getClientStatus` as a locked
 * MetaMask does, and watches (without answering) which state requests the snap sends.
 */
import { describe, expect, it } from '@jest/globals';
import type { JsonRpcRequest } from '@metamask/utils';

import { STATE_VERSION } from '../../src/state/store';
import { expectedAccount } from '../fixtures/wallet';
import { connectedPages, installSnapnet, resultOf } from './helpers';

const PAGE = 'https://page.example';

describe('a locked wallet', () => {
  it("does not answer a page's listAccounts from memory", async () => {
    // The page was given the seed's first accounts: its createAccount stores index 0
    // without a dialog.
    const snap = await installSnapnet({
      state: { version: STATE_VERSION, grants: connectedPages(PAGE) },
    });
    const asked: string[] = [];
    // Passes every request on (undefined = not mocked), recording the state ones.
    snap.mockJsonRpc((request: JsonRpcRequest) => {
      if (request.method.startsWith('snap_get')) {
        asked.push(request.method);
      }
      return undefined;
    });
    /**
     * Asks listAccounts as the page.
     *
     * @returns Its answer, and the state requests the snap sent for it.
     */
    const listAccounts = async (): Promise<{
      answer: unknown;
      asked: string[];
    }> => {
      asked.splice(0);
      const answer = resultOf(
        await snap.request({ origin: PAGE, method: 'snapnet_listAccounts' }),
      );
      return { answer, asked: asked.splice(0) };
    };
    const created = resultOf(
      await snap.request({
        origin: PAGE,
        method: 'snapnet_createAccount',
        params: {},
      }),
    );
    expect(created).toEqual({ address: expectedAccount(0).address });
    const listed = (await listAccounts()).answer;
    expect(listed).toMatchObject([{ address: expectedAccount(0).address }]);

    // Unlocked: the page's read is answered from what the store keeps, after one
    // client status request per read of the store.
    const unlocked = await listAccounts();
    expect(unlocked.answer).toStrictEqual(listed);
    expect(unlocked.asked).not.toContain('snap_getState');
    expect(new Set(unlocked.asked)).toStrictEqual(
      new Set(['snap_getClientStatus']),
    );

    // Locked: every read goes to MetaMask, none is answered from memory.
    const locked = snap.mockJsonRpc({
      method: 'snap_getClientStatus',
      result: {
        clientVersion: '13.6.0',
        platformVersion: '10.0.0',
        locked: true,
        active: true,
      },
    });
    for (const read of [await listAccounts(), await listAccounts()]) {
      expect(read.answer).toStrictEqual(listed);
      expect(read.asked).toContain('snap_getState');
    }

    // Unlocked again: the state read since is kept.
    locked.unmock();
    await listAccounts();
    const again = await listAccounts();
    expect(again.answer).toStrictEqual(listed);
    expect(again.asked).not.toContain('snap_getState');
  });
});
