/**
 * Helpers of the hardening suites (fuzz, faults, concurrency, security): approving every
 * dialog of concurrent requests, reading the snap's whole observable state, and a
 * recorder that collects everything the snap answers so a suite can prove no key
 * material ever left it.
 */
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { STRK } from '../../src/fakeNode/constants';
import type { ExpectedAccount } from '../fixtures/wallet';
import { MAINNET, SEPOLIA, expectedAccount } from '../fixtures/wallet';
import { installSnapnet } from './helpers';

/** The snap under test. */
export type Snap = Awaited<ReturnType<typeof installSnapnet>>;

/** A request that has not been awaited yet. */
export type Pending = ReturnType<Snap['request']>;

/** An address no account of the wallet has. */
export const STRANGER = `0x0${'5'.repeat(63)}`;

/** The minimal Sierra class the fake node can declare. */
export const SIERRA: Json = JSON.parse(
  readFileSync(
    resolve(__dirname, '../fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
);

/** What a request resolves to. */
export type Response = Awaited<Pending>;

/** The fee token, shared with the fake node's genesis. */
export { STRK };

/** A small STRK transfer to {@link STRANGER}. */
export const CALLS = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [STRANGER, '5', '0'],
  },
];

/** The derived accounts whose keys must never appear anywhere (indexes 0..5). */
export const ACCOUNTS: ExpectedAccount[] = [0, 1, 2, 3, 4, 5].map(
  expectedAccount,
);

/**
 * Approves (or cancels) every dialog shown while the requests run, however many are
 * open at once, until all of them have answered. In the simulation one answer
 * resolves every dialog waiting at that moment.
 *
 * @param pendings - The requests, already sent.
 * @param answer - `ok` to approve, `cancel` to refuse.
 * @returns Their responses, in order.
 */
export async function answerAll(
  pendings: Pending[],
  answer: 'ok' | 'cancel' = 'ok',
): Promise<Response[]> {
  const [first] = pendings;
  if (!first) {
    return [];
  }
  const all = Promise.all(pendings);
  const done = all.then(() => null);
  for (;;) {
    const ui = await Promise.race([first.getInterface(), done]);
    if (!ui) {
      return all;
    }
    if (ui.type !== 'confirmation') {
      throw new Error(`unexpected ${String(ui.type)} dialog`);
    }
    await ui[answer]();
  }
}

/**
 * Everything a dapp can read of the snap's state: current network, known and current
 * accounts and watched tokens of both networks, and the stored transaction records of the first six
 * accounts (state only, deploys included).
 *
 * @param snap - The snap.
 * @returns The snapshot, for toStrictEqual comparisons.
 */
export async function observableState(snap: Snap): Promise<Json> {
  const read = async (
    method: string,
    params: Record<string, Json> = {},
  ): Promise<Json> => {
    const { response } = await snap.request({ method, params });
    return 'result' in response ? response.result : { error: response.error };
  };
  const snapshot: Record<string, Json> = {
    network: await read('snapnet_getCurrentNetwork'),
  };
  for (const chainId of [SEPOLIA, MAINNET]) {
    snapshot[`accounts ${chainId}`] = await read('snapnet_listAccounts', {
      chainId,
    });
    snapshot[`tokens ${chainId}`] = await read('snapnet_getStoredErc20Tokens', {
      chainId,
    });
    snapshot[`current account ${chainId}`] = await read(
      'snapnet_getCurrentAccount',
      { chainId },
    );
    for (const account of ACCOUNTS) {
      snapshot[`transactions ${chainId} ${account.index}`] = await read(
        'snapnet_getTransactions',
        {
          chainId,
          senderAddress: account.address,
          onlyFromState: true,
          withDeployTxn: true,
          pageSize: 50,
        },
      );
    }
  }
  return snapshot;
}

/**
 * The transaction hash of an executeTxn / createAccount / declareContract result.
 *
 * @param result - The result.
 * @returns The hash as a number, for comparisons with the node's minimal hex.
 */
export function transactionHashOf(result: Json): bigint {
  const hash = isObject(result) ? result.transaction_hash : undefined;
  if (typeof hash !== 'string') {
    throw new Error(`no transaction_hash in ${JSON.stringify(result)}`);
  }
  return BigInt(hash);
}

/**
 * Every form a private key could leak in: 0x-padded, bare padded, minimal hex with and
 * without 0x, decimal; all lowercase (the scanned text is lowercased).
 *
 * @param privateKey - The key as 0x + 64 hex digits.
 * @returns The forms.
 */
export function keyForms(privateKey: string): string[] {
  const value = BigInt(privateKey);
  const minimal = value.toString(16);
  const padded = minimal.padStart(64, '0');
  return [`0x${padded}`, padded, `0x${minimal}`, minimal, value.toString(10)];
}

/**
 * Collects what the snap answers (results, errors, dialogs other than the key reveal,
 * node traffic) and finds key material in it.
 */
export class LeakRecorder {
  readonly #texts: string[] = [];

  /**
   * Records anything JSON-serializable.
   *
   * @param value - A response, error, state snapshot or node traffic.
   * @returns The value, for chaining.
   */
  record<Value>(value: Value): Value {
    this.#texts.push(
      JSON.stringify(value, (_, member: unknown) =>
        typeof member === 'bigint' ? member.toString() : member,
      ) ?? '',
    );
    return value;
  }

  /** @returns How many values were recorded. */
  get size(): number {
    return this.#texts.length;
  }

  /**
   * The key forms found in what was recorded.
   *
   * @returns `index: form` for every hit; empty when nothing leaked.
   */
  leaks(): string[] {
    const text = this.#texts.join('\n').toLowerCase();
    return ACCOUNTS.flatMap((account) =>
      keyForms(account.privateKey)
        .filter((form) => text.includes(form))
        .map((form) => `${account.index}: ${form}`),
    );
  }
}
