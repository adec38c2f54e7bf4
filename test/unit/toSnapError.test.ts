/**
 * The one mapping from what a handler throws to what the dapp receives, so codes cannot
 * drift:
 * every domain error shares one base class and declares its JSON-RPC error, so
 * `toSnapError` is a lookup; the entry point's boundary maps once (dispatch leaves the
 * error as thrown). Expected codes and data are written out here, not read from the
 * classes.
 */
import { SnapError } from '@metamask/snaps-sdk';
import type { Json } from '@metamask/utils';

import {
  AccountAlreadyDeployed,
  AccountKeyMismatch,
  DomainError,
  InvalidField,
  InvokeNotSent,
  NetworkNotSupported,
  NodeAnswerDisputed,
  NodeRequestFailed,
  OriginNotAllowed,
  SendUnconfirmed,
  TokenContractInvalid,
  toSnapError,
  TransactionNotFound,
  UserRejected,
  withErrorBoundary,
} from '../../src/errors';
import { dispatch } from '../../src/rpc/dispatch';
import { createSendLock } from '../../src/rpc/sendLock';
import { createStore } from '../../src/state/store';

const wallet = (code: number, message: string) => ({
  walletRpcError: { code, message: `An error occurred (${message})` },
});
const NODE = new NodeRequestFailed({
  method: 'starknet_getNonce',
  message: 'answered HTTP 500',
  httpStatus: 500,
  host: 'node.example:443',
  action: 'snapnet_executeTxn',
});
const NODE_DATA = {
  method: 'starknet_getNonce',
  message: NODE.message,
  httpStatus: 500,
  host: 'node.example:443',
};
const HASH = '0x0abc';

/**
 * What a mapped error sends the dapp.
 *
 * @param error - A toSnapError result.
 * @returns Its code, message and data (undefined for anything not a SnapError).
 */
function wire(error: Error) {
  return error instanceof SnapError
    ? { code: error.code, message: error.message, data: error.data }
    : undefined;
}

const CASES: [DomainError, number, Record<string, Json>][] = [
  [
    new InvalidField('calls.0.entrypoint', 'is empty'),
    -32602,
    { ...wallet(114, 'INVALID_REQUEST_PAYLOAD'), field: 'calls.0.entrypoint' },
  ],
  [
    new NetworkNotSupported('0x1', ['0x2', '0x3']),
    -32602,
    {
      ...wallet(112, 'UNLISTED_NETWORK'),
      field: 'chainId',
      supportedChainIds: ['0x2', '0x3'],
    },
  ],
  [
    new TokenContractInvalid('0x12', 'is not an ERC-20', { cause: NODE }),
    -32602,
    { ...wallet(111, 'NOT_ERC20'), field: 'tokenAddress', node: NODE_DATA },
  ],
  [new UserRejected(), 4001, { ...wallet(113, 'USER_REFUSED_OP') }],
  [
    new AccountAlreadyDeployed('0x5'),
    -32602,
    { ...wallet(115, 'ACCOUNT_ALREADY_DEPLOYED'), address: '0x5' },
  ],
  [
    new OriginNotAllowed('snapnet_displayPrivateKey', 'https://a.example', ''),
    4100,
    { origin: 'https://a.example' },
  ],
  [
    new TransactionNotFound(HASH, 'Sepolia', { cause: NODE }),
    -32001,
    { ...wallet(163, 'UNKNOWN_ERROR'), transactionHash: HASH, node: NODE_DATA },
  ],
  [
    new InvokeNotSent(HASH, { cause: new Error('boom') }),
    -32603,
    { ...wallet(163, 'UNKNOWN_ERROR'), deployTransactionHash: HASH },
  ],
  [
    new SendUnconfirmed(HASH, { cause: NODE }),
    -32603,
    { ...wallet(163, 'UNKNOWN_ERROR'), transactionHash: HASH, node: NODE_DATA },
  ],
  [
    new NodeAnswerDisputed({
      field: 'class hash',
      computed: '0x1',
      answered: '0x2',
      transactionHash: HASH,
    }),
    -32603,
    {
      ...wallet(163, 'UNKNOWN_ERROR'),
      transactionHash: HASH,
      field: 'class hash',
    },
  ],
  [
    new AccountKeyMismatch('0x7', 'another path'),
    -32603,
    { ...wallet(163, 'UNKNOWN_ERROR'), address: '0x7' },
  ],
  [NODE, -32603, { ...wallet(163, 'UNKNOWN_ERROR'), node: NODE_DATA }],
];

describe('toSnapError', () => {
  it.each(CASES.map((item) => [item[0].name, ...item] as const))(
    'maps %s to its JSON-RPC error, message and data kept',
    (_name, error, code, data) => {
      const mapped = toSnapError(error);

      expect(mapped).toBeInstanceOf(SnapError);
      expect(wire(mapped)).toStrictEqual({
        code,
        message: error.message,
        data,
      });
    },
  );

  it('passes a mapped error through as the same object', () => {
    const mapped = toSnapError(new InvalidField('x', 'is bad'));

    expect(toSnapError(mapped)).toBe(mapped);
  });

  it('wraps anything else as -32603 keeping its message and kind', () => {
    const mapped = toSnapError({ code: 7, message: 'odd' });

    expect(wire(mapped)).toStrictEqual({
      code: -32603,
      message: 'odd',
      data: { ...wallet(163, 'UNKNOWN_ERROR'), cause: { code: 7 } },
    });
  });
});

describe('one mapping per request', () => {
  const request = {
    origin: 'https://dapp.example',
    method: 'snapnet_getErc20TokenBalance',
    params: { tokenAddress: 'not an address' },
    store: createStore(),
    sendLock: createSendLock(),
  };

  it('leaves what a handler throws as thrown: dispatch does not map', async () => {
    await expect(dispatch(request)).rejects.toBeInstanceOf(InvalidField);
  });

  it('maps it at the boundary, once', async () => {
    const rejected = await withErrorBoundary(dispatch)(request).catch(
      (error: unknown) => error,
    );

    expect(rejected).toBeInstanceOf(SnapError);
    expect(rejected instanceof SnapError && rejected.code).toBe(-32602);
    expect(rejected instanceof SnapError && rejected.data).toMatchObject({
      field: 'tokenAddress',
    });
  });
});
