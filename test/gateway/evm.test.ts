import type { Hex } from '@metamask/utils';
import {
  AbiErrorSignatureNotFoundError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  MethodNotSupportedRpcError,
  parseAbi,
  RpcRequestError,
  ExecutionRevertedError as ViemExecutionRevertedError,
} from 'viem';

import type { CallObject, GatewayClient } from '../../src/client/gateway';
import {
  createCreditLedger,
  createGatewayClient,
  ExecutionRevertedError,
  InvalidParamsError,
} from '../../src/client/gateway';
import type { Anvil } from './helpers/anvil';
import { anvilResult, startAnvil, waitForReceipt } from './helpers/anvil';
import {
  deploy,
  encodeErrorString,
  encodePanic,
  returningRuntime,
  revertingRuntime,
} from './helpers/evm';
import type { Gateway } from './helpers/gateway';
import { httpUpstream, startGateway } from './helpers/gateway';

jest.setTimeout(60_000);

const KEY = 'evmtestkey';
const MISSING_HASH: Hex = `0x${'ab'.repeat(32)}`;

let anvil: Anvil;
let gateway: Gateway;
let http: GatewayClient;
let ws: GatewayClient;
let from: Hex;
let txHash: Hex;
let blockHash: Hex;
type Contract = 'nope' | 'overflow' | 'assert' | 'custom' | 'answer';
let contracts: Record<Contract, Hex>;

/**
 * Catches what a promise rejects with.
 *
 * @param promise - The promise.
 * @returns The rejection.
 */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  anvil = await startAnvil();
  gateway = await startGateway({
    apiKey: KEY,
    upstream: httpUpstream(anvil.url),
    upstreamWsUrl: anvil.wsUrl,
  });
  http = createGatewayClient({ baseUrl: gateway.url, apiKey: KEY });
  ws = createGatewayClient({
    wsUrl: gateway.wsUrl,
    apiKey: KEY,
    transport: 'ws',
  });
  const accounts = (await anvilResult(anvil, 'eth_accounts')) as Hex[];
  from = accounts[0] as Hex;
  txHash = (await anvilResult(anvil, 'eth_sendTransaction', [
    { from, to: accounts[1], value: '0x2a' },
  ])) as Hex;
  const receipt = await waitForReceipt(anvil, txHash);
  blockHash = receipt.blockHash as Hex;
  contracts = {
    nope: await deploy(
      anvil,
      from,
      revertingRuntime(encodeErrorString('nope')),
    ),
    overflow: await deploy(anvil, from, revertingRuntime(encodePanic(0x11))),
    assert: await deploy(anvil, from, revertingRuntime(encodePanic(0x01))),
    custom: await deploy(
      anvil,
      from,
      revertingRuntime(`0xdeadbeef${'00'.repeat(31)}07`),
    ),
    answer: await deploy(
      anvil,
      from,
      returningRuntime(`0x${'00'.repeat(31)}2a`),
    ),
  };
});

afterAll(async () => {
  await ws?.close();
  await gateway?.stop();
  await anvil?.stop();
});

describe.each([
  ['http', (): GatewayClient => http],
  ['ws', (): GatewayClient => ws],
])('EVM lookups over %s', (_name, client) => {
  it('finds the sent transaction by hash, as anvil returns it', async () => {
    const expected = await anvilResult(anvil, 'eth_getTransactionByHash', [
      txHash,
    ]);
    const transaction = await client().getTransactionByHash(txHash);
    expect(transaction).toStrictEqual(expected);
    expect(transaction?.hash).toBe(txHash);
    expect(transaction?.from).toBe(from.toLowerCase());
    expect(transaction?.value).toBe('0x2a');
  });

  it('finds it by block hash and index (hex, number and bigint)', async () => {
    const expected = await anvilResult(
      anvil,
      'eth_getTransactionByBlockHashAndIndex',
      [blockHash, '0x0'],
    );
    expect(expected).not.toBeNull();
    for (const index of ['0x0', 0, 0n] as const) {
      expect(
        await client().getTransactionByBlockHashAndIndex(blockHash, index),
      ).toStrictEqual(expected);
    }
  });

  it('answers null for an unknown hash and an index past the end', async () => {
    expect(await client().getTransactionByHash(MISSING_HASH)).toBeNull();
    expect(
      await client().getTransactionByBlockHashAndIndex(blockHash, 5),
    ).toBeNull();
  });

  it('answers null for an uncle (anvil has none)', async () => {
    expect(
      await anvilResult(anvil, 'eth_getUncleByBlockHashAndIndex', [
        blockHash,
        '0x0',
      ]),
    ).toBeNull();
    expect(await client().getUncleByBlockHashAndIndex(blockHash, 0)).toBeNull();
  });
});

describe('eth_call against anvil', () => {
  it('returns what the contract returns', async () => {
    const expected = await anvilResult(anvil, 'eth_call', [
      { from, to: contracts.answer },
      'latest',
    ]);
    const result = await http.call({ from, to: contracts.answer }, 'latest');
    expect(result).toBe(expected);
    expect(BigInt(result)).toBe(42n);
  });

  it('rejects a revert with ExecutionRevertedError: code 3, data, Error(string) reason', async () => {
    const raw = await anvil.rpc('eth_call', [
      { from, to: contracts.nope },
      'latest',
    ]);
    const error = await rejectionOf(
      http.call({ from, to: contracts.nope }, 'latest'),
    );
    expect(error).toBeInstanceOf(ExecutionRevertedError);
    expect(error).toBeInstanceOf(ViemExecutionRevertedError);
    const reverted = error as ExecutionRevertedError;
    expect(reverted.name).toBe('ExecutionRevertedError');
    expect(reverted.code).toBe(3);
    expect(reverted.data).toBe(raw.error?.data);
    expect(reverted.data).toBe(encodeErrorString('nope'));
    // Checked against viem's own decoder.
    const decoded = decodeErrorResult({ abi: [], data: reverted.data as Hex });
    expect(decoded).toMatchObject({ errorName: 'Error', args: ['nope'] });
    expect(reverted.reason).toBe(decoded.args?.[0]);
    expect(reverted.shortMessage).toBe('Execution reverted with reason: nope.');
    // viem's answer error stays reachable, with the node's message.
    expect(
      reverted.walk((each) => each instanceof RpcRequestError),
    ).toMatchObject({ code: 3, details: raw.error?.message });
  });

  it.each([
    ['0x11', 0x11, 'overflow'],
    ['0x01', 0x01, 'assert'],
  ] as const)(
    'decodes Panic(%s) into its code and name (%s)',
    async (_label, code, contract) => {
      const error = await rejectionOf(
        http.call({ from, to: contracts[contract] }, 'latest'),
      );
      expect(error).toBeInstanceOf(ExecutionRevertedError);
      const { data, reason } = error as ExecutionRevertedError;
      expect((error as ExecutionRevertedError).code).toBe(3);
      expect(data).toBe(encodePanic(code));
      expect(decodeErrorResult({ abi: [], data: data as Hex })).toMatchObject({
        errorName: 'Panic',
        args: [BigInt(code)],
      });
      // viem's name of the panic, from its ContractFunctionRevertedError.
      const viemReason = new ContractFunctionRevertedError({
        abi: [],
        data,
        functionName: 'f',
      }).reason;
      expect(viemReason).toMatch(/\w/u);
      expect(reason).toBe(
        `Panic(0x${code.toString(16)}): ${viemReason?.replace(/\.$/u, '')}`,
      );
    },
  );

  it('leaves a custom error undecoded, with its data for the contract ABI', async () => {
    const error = await rejectionOf(
      http.call({ from, to: contracts.custom }, 'latest'),
    );
    expect(error).toBeInstanceOf(ExecutionRevertedError);
    const { data, reason, code } = error as ExecutionRevertedError;
    expect(code).toBe(3);
    expect(reason).toBeUndefined();
    const abi = parseAbi(['error Oops(uint256 code)']);
    // The helper contract reverts with selector 0xdeadbeef; an ABI naming another
    // error does not decode it, and viem says so.
    expect(() => decodeErrorResult({ abi, data: data as Hex })).toThrow(
      AbiErrorSignatureNotFoundError,
    );
    expect(data).toBe(`0xdeadbeef${'00'.repeat(31)}07`);
  });

  it.each([
    ['"execution reverted" alone', 3, 'execution reverted'],
    ['a message naming another reason', 3, 'execution reverted: not this'],
    ['-32000 "execution reverted"', -32000, 'execution reverted'],
  ])(
    'decodes the reason from the data of a gateway answering %s',
    async (_name, code, message) => {
      const data = encodeErrorString('only the data says why');
      gateway.script({ kind: 'rpc-error', error: { code, message, data } });
      const error = await rejectionOf(
        http.call({ from, to: contracts.answer }, 'latest'),
      );
      expect(error).toBeInstanceOf(ExecutionRevertedError);
      expect(error).toMatchObject({
        name: 'ExecutionRevertedError',
        code: 3,
        data,
        reason: 'only the data says why',
      });
    },
  );

  it('decodes a Panic the gateway sends as data alone, over WebSocket too', async () => {
    const data = encodePanic(0x12);
    gateway.script({
      kind: 'rpc-error',
      error: { code: 3, message: 'execution reverted', data },
    });
    const error = await rejectionOf(
      ws.request('eth_estimateGas', [{ from, to: contracts.answer }]),
    );
    expect(error).toBeInstanceOf(ExecutionRevertedError);
    const { reason } = error as ExecutionRevertedError;
    expect(reason).toMatch(/^Panic\(0x12\): Division or modulo by zero/u);
    expect(error).toMatchObject({ code: 3, data });
  });

  it('rejects a revert without data as ExecutionRevertedError without a reason', async () => {
    gateway.script({
      kind: 'rpc-error',
      error: { code: 3, message: 'execution reverted' },
    });
    const error = await rejectionOf(
      http.call({ from, to: contracts.answer }, 'latest'),
    );
    expect(error).toBeInstanceOf(ExecutionRevertedError);
    expect(error).toMatchObject({
      code: 3,
      data: undefined,
      reason: undefined,
    });
  });

  it('refuses gas above 10× the block gas limit after one lookup, cached', async () => {
    const client = createGatewayClient({ baseUrl: gateway.url, apiKey: KEY });
    const latest = (await anvilResult(anvil, 'eth_getBlockByNumber', [
      'latest',
      false,
    ])) as { gasLimit: Hex };
    const cap = BigInt(latest.gasLimit) * 10n;
    gateway.reset();

    const over: CallObject = {
      from,
      to: contracts.answer,
      gas: `0x${(cap + 1n).toString(16)}`,
    };
    expect(await rejectionOf(client.call(over, 'latest'))).toBeInstanceOf(
      InvalidParamsError,
    );
    expect(await rejectionOf(client.call(over, 'latest'))).toBeInstanceOf(
      InvalidParamsError,
    );
    expect(gateway.seen.map((request) => request.method)).toStrictEqual([
      'eth_getBlockByNumber',
    ]);

    const atCap: CallObject = { ...over, gas: `0x${cap.toString(16)}` };
    expect(BigInt(await client.call(atCap, 'latest'))).toBe(42n);
    expect(gateway.seen.map((request) => request.method)).toStrictEqual([
      'eth_getBlockByNumber',
      'eth_call',
    ]);
  });

  it('refuses eth_call on a WebSocket client before sending', async () => {
    gateway.reset();
    const error = await rejectionOf(
      ws.call({ from, to: contracts.answer }, 'latest'),
    );
    expect(error).toBeInstanceOf(MethodNotSupportedRpcError);
    expect((error as MethodNotSupportedRpcError).details).toContain(
      'use an HTTP client',
    );
    expect(gateway.seen).toHaveLength(0);
  });

  it('counts the credits of what it sent', async () => {
    const client = createGatewayClient({
      baseUrl: gateway.url,
      apiKey: KEY,
      dailyCredits: 1000,
      // A fixed clock: the day is known, and no run straddles midnight UTC.
      ledger: createCreditLedger({ now: () => Date.UTC(2026, 11, 6, 12) }),
    });
    await client.getTransactionByHash(txHash);
    await client.getTransactionByBlockHashAndIndex(blockHash, 0);
    await rejectionOf(client.call({ from, to: contracts.nope }, 'latest'));
    const balance = client.credits();
    expect(balance.spent).toBe(80 + 150 + 80);
    expect(balance.remaining).toBe(1000 - 310);
    expect(balance.day).toBe('2026-12-06');
  });
});
