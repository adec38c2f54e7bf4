/**
 * Signing work counted, through the snap's own dispatcher against an in-process fake
 * node:
 * what one signMessage request costs in the work that dominates its latency. The
 * account address (9 Pedersen hashes) is computed at most once per public key and
 * account kind (the lookup before the dialog and the key check after it share it), the
 * state is read and validated once, the locale asked once; and the shared address
 * answers never let a tampered account through.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Json, JsonRpcParams } from '@metamask/utils';
import type * as Starknet from 'starknet';
import { ec, hash, typedData } from 'starknet';

import { withErrorBoundary } from '../../src/errors';
import { useFakeNode } from '../../src/fakeNode/testing';
import { dispatch as route } from '../../src/rpc/dispatch';
import { createSendLock } from '../../src/rpc/sendLock';
import { accountAddress } from '../../src/starknet/accounts/address';
import { createStore, defaultState } from '../../src/state/store';
import { installSigningWallet } from '../fixtures/signingWallet';
import { MAIL_REV1 } from '../fixtures/typedData';
import type { ExpectedAccount } from '../fixtures/wallet';
import { SEPOLIA, expectedAccount, expectedRecord } from '../fixtures/wallet';

// Counts address computations: starknet.js' own function, wrapped, results unchanged.
jest.mock('starknet', () => {
  const actual = jest.requireActual<typeof Starknet>('starknet');
  return {
    ...actual,
    hash: {
      ...actual.hash,
      calculateContractAddressFromHash: jest.fn(
        actual.hash.calculateContractAddressFromHash,
      ),
    },
  };
});
const addressComputations = jest.mocked(hash.calculateContractAddressFromHash);

const fixture = useFakeNode();
const ORIGIN = 'https://dapp.test';
// Errors are mapped once, at the entry point's boundary (as src/index.ts does).
const dispatch = withErrorBoundary(route);

/**
 * Installs the wallet with these accounts stored and granted to the page (a page may
 * only sign with an account it was given), counting the requests it answers.
 *
 * @param accounts - The stored Sepolia accounts.
 * @returns How many times each wallet method was asked.
 */
async function installWallet(
  accounts: ReturnType<typeof expectedRecord>[],
): Promise<Record<string, number>> {
  await installSigningWallet(
    {
      ...defaultState(),
      accounts: { [SEPOLIA]: accounts },
      grants: {
        [ORIGIN]: { [SEPOLIA]: accounts.map((account) => account.address) },
      },
      nodeUrls: { [SEPOLIA]: fixture.node.sepoliaUrl },
    },
    true,
  );
  const wallet: { request: (args: { method: string }) => Promise<unknown> } =
    Reflect.get(globalThis, 'snap');
  const counts: Record<string, number> = {};
  Reflect.set(globalThis, 'snap', {
    request: async (args: { method: string }) => {
      counts[args.method] = (counts[args.method] ?? 0) + 1;
      return wallet.request(args);
    },
  });
  return counts;
}

/**
 * Signs MAIL_REV1 through the dispatcher.
 *
 * @param signerAddress - The signer.
 * @returns The result, or the error code.
 */
async function signMessage(
  signerAddress: string,
): Promise<{ result?: Json; code?: unknown }> {
  const params: JsonRpcParams = { typedDataMessage: MAIL_REV1, signerAddress };
  try {
    return {
      result: await dispatch({
        origin: ORIGIN,
        method: 'snapnet_signMessage',
        params,
        store: createStore(),
        sendLock: createSendLock(),
      }),
    };
  } catch (error) {
    return { code: Reflect.get(Object(error), 'code') };
  }
}

/**
 * Whether `signature` is the account's signature of MAIL_REV1, checked with
 * starknet.js' own hashing and verification.
 *
 * @param signature - What the snap answered.
 * @param account - The signer, as the fixture derives it.
 * @returns True when it verifies.
 */
function verifies(
  signature: Json | undefined,
  account: ExpectedAccount,
): boolean {
  const digits = typeof signature === 'string' ? signature.slice(2) : '';
  return (
    digits.length === 128 &&
    ec.starkCurve.verify(
      new ec.starkCurve.Signature(
        BigInt(`0x${digits.slice(0, 64)}`),
        BigInt(`0x${digits.slice(64)}`),
      ),
      typedData.getMessageHash(MAIL_REV1, account.address),
      ec.starkCurve.getPublicKey(account.privateKey),
    )
  );
}

/**
 * How many address computations since the last clear were for this public key.
 *
 * @param publicKey - The signer's key (the address salt).
 * @returns The count.
 */
function computationsFor(publicKey: string): number {
  return addressComputations.mock.calls.filter(
    ([salt]) => BigInt(salt) === BigInt(publicKey),
  ).length;
}

describe('work per signMessage request', () => {
  beforeEach(() => {
    Reflect.deleteProperty(globalThis, 'snap');
  });

  it('computes the signer address once, reads state once, asks the locale once', async () => {
    const record = expectedRecord(3);
    const account = expectedAccount(3);
    const counts = await installWallet([record]);
    addressComputations.mockClear();
    const outcome = await signMessage(record.address);
    expect({
      signed: verifies(outcome.result, account),
      addressComputations: addressComputations.mock.calls.length,
      stateReads: counts.snap_getState,
      localeReads: counts.snap_getPreferences,
      keyReads: counts.snap_getBip44Entropy,
    }).toStrictEqual({
      signed: true,
      addressComputations: 1,
      stateReads: 1,
      localeReads: 1,
      keyReads: 1,
    });
  });

  it('computes no address for a signer whose key and kind it already checked', async () => {
    const record = expectedRecord(4);
    const account = expectedAccount(4);
    await installWallet([record]);
    expect(verifies((await signMessage(record.address)).result, account)).toBe(
      true,
    );
    addressComputations.mockClear();
    const again = await signMessage(record.address);
    expect({
      signed: verifies(again.result, account),
      computations: computationsFor(record.publicKey),
    }).toStrictEqual({ signed: true, computations: 0 });
  });

  it('still refuses an account whose index was changed, with its address known', async () => {
    const record = expectedRecord(5);
    const account = expectedAccount(5);
    await installWallet([record]);
    expect(verifies((await signMessage(record.address)).result, account)).toBe(
      true,
    );
    // Index 6's key gives another address: the check derives it and refuses.
    await installWallet([{ ...record, addressIndex: 6 }]);
    const tampered = await signMessage(record.address);
    expect(tampered).toStrictEqual({ code: -32603 });
  });

  it('keeps a bounded number of addresses, and recomputes a dropped one correctly', () => {
    const account = expectedAccount(7);
    expect(accountAddress(account.publicKey, '1')).toBe(account.address);
    const real =
      jest.requireActual<typeof Starknet>('starknet').hash
        .calculateContractAddressFromHash;
    // 1,024 other keys and kinds pass through (a cheap stand-in computes them).
    addressComputations.mockImplementation(() => '0x1');
    for (let key = 1; key <= 512; key++) {
      accountAddress(`0x${key.toString(16)}`, '1');
      accountAddress(`0x${key.toString(16)}`, '0');
    }
    addressComputations.mockImplementation(real);
    addressComputations.mockClear();
    expect({
      address: accountAddress(account.publicKey, '1'),
      proxy: accountAddress(account.publicKey, '0'),
      computations: computationsFor(account.publicKey),
    }).toStrictEqual({
      address: account.address,
      proxy: account.proxyAddress,
      computations: 2,
    });
  });
});
