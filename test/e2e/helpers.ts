import { expect } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';
import {
  is,
  number,
  object,
  optional,
  string,
  type,
} from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import { STATE_VERSION } from '../../src/state/store';
import { MAINNET, SEPOLIA, expectedAccount } from '../fixtures/wallet';
import type { SimulatedWallet, SimulatedWalletOptions } from 'snapnet/testing';
import { createSimulatedWallet } from 'snapnet/testing';

/** The snap id the tests give the client (what `npm start` serves). */
export const TEST_SNAP_ID = 'local:http://localhost:8080';

/** The origin snaps-jest gives requests that name none: the tests' dapp page. */
export const DAPP_ORIGIN = 'https://metamask.io';

/**
 * The public testing kit's simulated MetaMask around a snap installed here (the `.e2e/`
 * build, on the suite's fake node), with dialogs taken by the test (`nextDialog`).
 *
 * @param options - Wallet options (origin, another installed snap, …).
 * @returns The wallet.
 */
export async function simulatedWallet(
  options: SimulatedWalletOptions = {},
): Promise<SimulatedWallet> {
  return createSimulatedWallet({
    snapId: TEST_SNAP_ID,
    dialogs: 'manual',
    ...options,
    // The wallet's page was connected before it signs, as the tests' dapp page is.
    snap:
      options.snap ??
      (await installSnapnet({
        state: {
          version: STATE_VERSION,
          grants: connectedPages(DAPP_ORIGIN, options.origin ?? 'localhost'),
        },
      })),
  });
}

/** How many of the seed's first indexes the tests' dapp page was given by default. */
const CONNECTED_INDEXES = 5;

let connectedGrants: Record<string, string[]> | undefined;

/**
 * The accounts the tests' dapp page was given by default: the seed's first indexes,
 * both account kinds, on Sepolia and Mainnet (a Starknet address is the same on both).
 *
 * @returns Chain id → addresses, as the snap stores grants.
 */
function connectedAccounts(): Record<string, string[]> {
  if (!connectedGrants) {
    const addresses = Array.from({ length: CONNECTED_INDEXES }, (_, index) => {
      const account = expectedAccount(index);
      return [account.address, account.proxyAddress];
    }).flat();
    connectedGrants = { [SEPOLIA]: addresses, [MAINNET]: addresses };
  }
  return connectedGrants;
}

/**
 * Grants for a stored state: each page connected to the seed's first accounts, as
 * {@link installSnapnet} connects the tests' dapp page by default.
 *
 * @param origins - The pages.
 * @returns The `grants` state field.
 */
export function connectedPages(...origins: string[]): Json {
  return Object.fromEntries(
    origins.map((origin) => [origin, connectedAccounts()]),
  );
}

/**
 * Installs the snapnet bundle built into `.e2e/` by test/build-e2e.ts, as a wallet in
 * which the user already connected the tests' dapp page (DAPP_ORIGIN) to the seed's
 * first accounts: a page signs only with accounts it was given, as dapps connect
 * before they sign. Not stored accounts, only the grant: the page's current account
 * is still the first of them the wallet stores. A given `state.grants`, or
 * `connected: false`, replaces that grant (a page that never connected).
 *
 * @param options - Simulation options, e.g. the stored `state` a restarted snap finds.
 * @param options.state - The snap's state at start.
 * @param options.connected - Whether the dapp page was given the first accounts
 * (default true).
 * @returns The simulated snap.
 */
export async function installSnapnet(options?: {
  state?: Record<string, Json>;
  connected?: boolean;
}): ReturnType<typeof installSnap> {
  const state = options?.state ?? { version: STATE_VERSION };
  const connected = options?.connected ?? true;
  const grants =
    state.grants ?? (connected ? { [DAPP_ORIGIN]: connectedAccounts() } : {});
  return installSnap({ options: { state: { ...state, grants } } });
}

type SnapResponseLike = {
  response:
    | {
        result: Json;
      }
    | {
        error: Json;
      };
};

const RpcErrorStruct = type({
  code: number(),
  message: string(),
  data: optional(type({})),
});

/** A JSON-RPC error as the dapp receives it. */
export type RpcErrorShape = {
  code: number;
  message: string;
  data?: Record<string, unknown>;
};

/**
 * The result of a successful response; fails the test with the error otherwise.
 *
 * @param response - What `request()` resolved to.
 * @returns The result.
 */
export function resultOf(response: SnapResponseLike): Json {
  if ('error' in response.response) {
    throw new Error(
      `expected a result, got error ${JSON.stringify(response.response.error)}`,
    );
  }
  return response.response.result;
}

/**
 * The error of a failed response; fails the test when it succeeded.
 *
 * @param response - What `request()` resolved to.
 * @returns The error.
 */
export function errorOf(response: SnapResponseLike): RpcErrorShape {
  if (!('error' in response.response)) {
    throw new Error(
      `expected an error, got result ${JSON.stringify(response.response.result)}`,
    );
  }
  const { error } = response.response;
  if (!is(error, RpcErrorStruct)) {
    throw new Error(`malformed error ${JSON.stringify(error)}`);
  }
  return error;
}

/**
 * Asserts an invalid-params error that names the field.
 *
 * @param response - What `request()` resolved to.
 * @param field - The field path the message and `data.field` must name.
 * @param walletCode - Expected `data.walletRpcError.code` (114 by default).
 */
export function expectInvalidField(
  response: SnapResponseLike,
  field: string,
  walletCode = 114,
): void {
  const error = errorOf(response);
  expect(error.code).toBe(-32602);
  expect(error.message).toContain(field);
  expect(error.data).toMatchObject({
    field,
    walletRpcError: { code: walletCode },
  });
}

export const WalletErrorDataStruct = object({
  walletRpcError: object({ code: number(), message: string() }),
});

type PendingRequest = ReturnType<
  Awaited<ReturnType<typeof installSnapnet>>['request']
>;

/**
 * Waits for the confirmation dialog a pending request shows.
 *
 * @param pending - The request, not yet awaited.
 * @returns The dialog, narrowed to a confirmation (ok / cancel).
 */
export async function confirmationOf(pending: PendingRequest) {
  const ui = await pending.getInterface();
  if (ui.type !== 'confirmation') {
    throw new Error(`expected a confirmation dialog, got ${String(ui.type)}`);
  }
  return ui;
}

/** All text a dialog renders, flattened: the testing kit's own reading, as dapps get it. */
export { dialogText as textOf } from 'snapnet/testing';

/**
 * Approves the connect dialog a page meets when it first asks for an account
 * (`snapnet_getCurrentAccount` with `create`), as the user of a real dapp
 * would, keeping the preselected account, and returns what the connecting call gave.
 *
 * @param simulated - The simulated MetaMask (dialogs: 'manual').
 * @param simulated.nextDialog - Takes the next dialog of a method.
 * @param connecting - The dapp's pending connect (requestAccounts, enable, …).
 * @returns Its result.
 */
export async function approveConnect<Result>(
  simulated: {
    nextDialog: (method: string) => Promise<{ ok: () => Promise<void> }>;
  },
  connecting: Promise<Result>,
): Promise<Result> {
  await (await simulated.nextDialog('snapnet_getCurrentAccount')).ok();
  return connecting;
}

/**
 * Installs the snap as a wallet in which the user already gave the tests' dapp page
 * these accounts on Sepolia (a page sees only accounts it was given).
 *
 * @param addresses - The accounts given, the page's current one first.
 * @param state - More of the stored state.
 * @returns The simulated snap.
 */
export async function installGranted(
  addresses: string[],
  state: Record<string, Json> = {},
): ReturnType<typeof installSnap> {
  return installSnapnet({
    state: {
      ...state,
      grants: { [DAPP_ORIGIN]: { '0x534e5f5345504f4c4941': addresses } },
    },
  });
}
