/**
 * Node faults for every method that reads the node: HTTP 500, malformed JSON, a
 * JSON-RPC error, a refused connection and a stall longer than the snap's timeout
 * (3 s in the e2e build). Each must end in -32603 naming the node failure
 * (`data.node`: the node method and its code, HTTP status or what happened), a stall
 * with the timeout error after exactly one request, write nothing to state and send no
 * transaction.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Json, JsonRpcParams } from '@metamask/utils';

import type { FaultKind } from '../../src/fakeNode/admin';
import { fakeNode } from '../../src/fakeNode/admin';
import { FAKE_NODE_HOST, FAKE_NODE_PORT } from '../../src/fakeNode/ports';
import { STATE_VERSION } from '../../src/state/store';
import { V3_BOUNDS } from '../fixtures/transactions';
import { MAIL_REV1 } from '../fixtures/typedData';
import { SEPOLIA } from '../fixtures/wallet';
import type { Pending, Snap } from './hardening';
import {
  ACCOUNTS,
  CALLS,
  LeakRecorder,
  SIERRA,
  STRANGER,
  STRK,
  answerAll,
  observableState,
} from './hardening';
import {
  DAPP_ORIGIN,
  connectedPages,
  errorOf,
  installSnapnet,
  resultOf,
} from './helpers';

const TIMEOUT_MS = 3000;
const node = fakeNode('sepolia');
const recorder = new LeakRecorder();
const OWN = ACCOUNTS[0]?.address ?? '';

/**
 * Who asks: a page, but for the scan, which a page may run only after a dialog
 * (what it finds is given to it); the user's own scan reads the node first thing.
 *
 * @param method - The method.
 * @returns The origin.
 */
function originOf(method: string): string {
  return method === 'snapnet_recoverAccounts'
    ? 'metamask'
    : 'https://metamask.io';
}

/** Reads a page may make only about accounts it was given (its approved send). */
const GIVEN_READS = new Set([
  'snapnet_recoverAccounts',
  'snapnet_extractPublicKey',
  'snapnet_getDeploymentData',
  'snapnet_getTransactions',
]);

/** Every method that reads the node, with params that make it do so first thing. */
const NODE_READERS: [string, JsonRpcParams][] = [
  ['snapnet_createAccount', { deploy: true, addressIndex: 2 }],
  ['snapnet_extractPublicKey', { userAddress: OWN }],
  ['snapnet_recoverAccounts', { startScanIndex: 2, maxScanned: 2 }],
  ['snapnet_getErc20TokenBalance', { tokenAddress: STRK, userAddress: OWN }],
  [
    'snapnet_addErc20Token',
    {
      chainId: SEPOLIA,
      tokenAddress: '0x1234',
      tokenName: 'Faulty',
      tokenSymbol: 'FLT',
      tokenDecimals: 4,
    },
  ],
  ['snapnet_getTransactionStatus', { transactionHash: '0xabc' }],
  [
    'snapnet_verifySignedMessage',
    {
      typedDataMessage: MAIL_REV1,
      address: STRANGER,
      signature: ['0x1', '0x2'],
    },
  ],
  [
    'snapnet_signTransaction',
    {
      address: OWN,
      transactions: CALLS,
      transactionsDetail: { resourceBounds: V3_BOUNDS },
    },
  ],
  [
    'snapnet_signDeclareTransaction',
    {
      address: OWN,
      details: {
        classHash: '0x123',
        compiledClassHash: '0x456',
        resourceBounds: V3_BOUNDS,
      },
    },
  ],
  ['snapnet_estimateFee', { address: OWN, invocations: CALLS }],
  ['snapnet_estimateAccountDeployFee', { addressIndex: 3 }],
  ['snapnet_executeTxn', { address: OWN, calls: CALLS }],
  [
    'snapnet_declareContract',
    {
      senderAddress: OWN,
      contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
    },
  ],
  ['snapnet_getTransactions', { senderAddress: OWN, onlyFromState: true }],
];

/**
 * The page of each method in the stall test: one page each, as an origin has one
 * confirmation request pending at most.
 *
 * @param at - The method's place in {@link NODE_READERS}.
 * @returns The origin.
 */
function readerOrigin(at: number): string {
  return `https://reader-${at}.example`;
}

/** Faults that break the transport or answer an error (a `lie` is disputedAnswers.test.ts'). */
type NodeFault = Exclude<FaultKind, 'lie'>;

/** What `data.node` must say for each fault, besides the node method. */
const EXPECTED: Record<NodeFault, Record<string, Json>> = {
  http500: { httpStatus: 500 },
  malformed: { httpStatus: 200 },
  rpcError: { code: 63 },
  refuse: {},
  stall: {},
  takeThenDrop: {},
};
const MESSAGES: Record<NodeFault, RegExp> = {
  http500: /HTTP 500/u,
  malformed: /malformed JSON/u,
  rpcError: /An unexpected error occurred/u,
  refuse: /could not be reached/u,
  stall: new RegExp(`no answer within ${TIMEOUT_MS} ms`, 'u'),
  takeThenDrop: /could not be reached/u,
};
/** The node as errors name it: host and port, never the URL (it may hold an API key). */
const HOST = `${FAKE_NODE_HOST}:${FAKE_NODE_PORT}`;

let snap: Snap;
let before: Json;
let sentBefore: string[];

/**
 * Checks one refused request.
 *
 * @param kind - The injected fault.
 * @param method - The method.
 * @param response - Its response.
 */
function expectNodeFailure(
  kind: NodeFault,
  method: string,
  response: Awaited<Pending>,
): void {
  const error = recorder.record(errorOf(response));
  const context = `${kind} ${method}: ${JSON.stringify(error).slice(0, 400)}`;
  expect({ context, code: error.code }).toStrictEqual({
    context,
    code: -32603,
  });
  expect({ context, message: error.message }).toMatchObject({
    context,
    message: expect.stringMatching(MESSAGES[kind]),
  });
  // Speaks of what the user asked for and names the node's host, never its URL or a batch.
  expect({
    context,
    action: error.message.startsWith(`${method} failed: `),
    host: error.message.includes(`the Starknet node at ${HOST} `),
    url: error.message.includes('/sepolia'),
    batch: error.message.includes('batch'),
    advice: error.message.includes(
      "check this network's node on the snap's home page",
    ),
  }).toStrictEqual({
    context,
    action: true,
    host: true,
    url: false,
    batch: false,
    advice: true,
  });
  expect({ context, node: error.data?.node }).toMatchObject({
    context,
    node: {
      method: expect.stringMatching(/^starknet_/u),
      host: HOST,
      ...EXPECTED[kind],
    },
  });
}

/**
 * Hashes of the transactions the node accepted.
 *
 * @returns The hashes.
 */
async function sentHashes(): Promise<string[]> {
  return (await node.transactions()).map((tx) => tx.hash);
}

describe('node faults', () => {
  beforeAll(async () => {
    // Account 0 deployed, funded, known, with one open (unmined) transaction record;
    // account 3 known, not deployed.
    await node.reset();
    await node.deployAccount({ publicKey: ACCOUNTS[0]?.publicKey ?? '' });
    await node.setBalance(STRK, OWN, 10n ** 19n);
    await node.addToken({
      address: '0x1234',
      name: 'Faulty',
      symbol: 'FLT',
      decimals: 4,
    });
    // The dapp page and each stall-test page were given the seed's first accounts, so
    // a method naming account 0 or 3 reads the node (else 4100 before any read).
    snap = await installSnapnet({
      state: {
        version: STATE_VERSION,
        grants: connectedPages(
          DAPP_ORIGIN,
          ...NODE_READERS.map((_, at) => readerOrigin(at)),
        ),
      },
    });
    resultOf(
      await snap.request({
        method: 'snapnet_createAccount',
        params: { addressIndex: 0 },
      }),
    );
    // Account 3 stored undeployed: the page was given it (the grants above), and a page
    // may ask the deploy fee only of a stored account it holds, else 4100 before any
    // node read.
    resultOf(
      await snap.request({
        method: 'snapnet_createAccount',
        params: { addressIndex: 3 },
      }),
    );
    const [sent] = await answerAll([
      snap.request({
        method: 'snapnet_executeTxn',
        params: { address: OWN, calls: CALLS },
      }),
    ]);
    resultOf(sent ?? { response: { error: 'no response' } });
    before = await observableState(snap);
    sentBefore = await sentHashes();
  });

  it.each(['http500', 'malformed', 'rpcError', 'refuse'] as const)(
    '%s: every node reader fails naming the node failure, writing nothing',
    async (kind) => {
      for (const [method, params] of NODE_READERS) {
        await node.clearFaults();
        await node.fault({ kind });
        expectNodeFailure(
          kind,
          method,
          await snap.request({ method, params, origin: originOf(method) }),
        );
      }
      await node.clearFaults();
      expect(await sentHashes()).toStrictEqual(sentBefore);
      expect(await observableState(snap)).toStrictEqual(before);
    },
  );

  it('stall: every node reader gives up at the timeout, writing nothing', async () => {
    await node.clearFaults();
    await node.clearRequests();
    // One never-answered request per method, all at once (executeTxn and
    // declareContract share account 0, so the second waits for the first). Counted,
    // not timed: each method gets the timeout error, and the node saw exactly one
    // request per method, every one of them stalled (left unanswered), none retried.
    await node.fault({ kind: 'stall', times: NODE_READERS.length });
    const responses = await Promise.all(
      NODE_READERS.map(async ([method, params], at) => ({
        method,
        // One page each: an origin has one confirmation request pending at most.
        response: await snap.request({
          // Reads about the account stay with the page given it (they ask no
          // confirmation, so they share it).
          origin: GIVEN_READS.has(method) ? originOf(method) : readerOrigin(at),
          method,
          params,
        }),
      })),
    );
    for (const { method, response } of responses) {
      expectNodeFailure('stall', method, response);
    }
    const { httpRequests, rpcCalls } = await node.requests();
    expect({
      httpRequests,
      answered: rpcCalls.filter((call) => call.answer !== undefined),
    }).toStrictEqual({ httpRequests: NODE_READERS.length, answered: [] });
    await node.clearFaults();
    expect(await sentHashes()).toStrictEqual(sentBefore);
    expect(await observableState(snap)).toStrictEqual(before);
  });

  it('works again once the node recovers', async () => {
    resultOf(
      await snap.request({
        method: 'snapnet_getErc20TokenBalance',
        params: { tokenAddress: STRK, userAddress: OWN },
      }),
    );
    const [sent] = await answerAll([
      snap.request({
        method: 'snapnet_executeTxn',
        params: { address: OWN, calls: CALLS },
      }),
    ]);
    recorder.record(resultOf(sent ?? { response: { error: 'none' } }));
    expect((await node.transactions()).map((tx) => tx.nonce)).toStrictEqual([
      0, 1,
    ]);
  });

  it('answered nothing that holds key material', () => {
    expect(recorder.size).toBeGreaterThanOrEqual(NODE_READERS.length * 5);
    expect(recorder.leaks()).toStrictEqual([]);
  });
});
