/**
 * The shared error family of the dapp-side clients: its code table is written as numbers
 * (so dapp bundles don't carry rpc-errors' whole table) and must stay MetaMask's.
 */
import { describe, expect, it } from '@jest/globals';
import { errorCodes } from '@metamask/rpc-errors';

import {
  InvalidParamsError,
  RpcErrorCode,
  SnapnetError,
  UserRejectedError,
} from '../../src/client/errors';
import * as gateway from '../../src/client/gateway';
import { MultichainError } from '../../src/client/multichain';
import * as client from '../../src/client/snap';

describe('RpcErrorCode', () => {
  it('is @metamask/rpc-errors’ errorCodes', () => {
    expect(RpcErrorCode).toStrictEqual({
      UserRejected: errorCodes.provider.userRejectedRequest,
      Unauthorized: errorCodes.provider.unauthorized,
      Disconnected: errorCodes.provider.disconnected,
      InvalidRequest: errorCodes.rpc.invalidRequest,
      MethodNotFound: errorCodes.rpc.methodNotFound,
      InvalidParams: errorCodes.rpc.invalidParams,
      Internal: errorCodes.rpc.internal,
      ResourceNotFound: errorCodes.rpc.resourceNotFound,
      MethodNotSupported: errorCodes.rpc.methodNotSupported,
    });
  });
});

describe('SnapnetError.walk', () => {
  it('finds the deepest cause, or the first one a predicate accepts', () => {
    const root = new TypeError('socket closed');
    const middle = new Error('fetch failed', { cause: root });
    const error = new SnapnetError('node unreachable', {
      code: RpcErrorCode.Internal,
      cause: middle,
    });
    expect(error.walk()).toBe(root);
    expect(error.walk((cause) => cause === middle)).toBe(middle);
    expect(error.walk((cause) => cause instanceof RangeError)).toBeNull();
    expect(error.details).toBe('fetch failed');
  });
});

describe('code-keyed classes', () => {
  it('match a snapnet error of their code from any client', async () => {
    const api = gateway.createGatewayClient({
      apiKey: 'k',
      baseUrl: 'https://gateway.example',
      fetch: async () => {
        throw new Error('no request expected');
      },
    });
    const refused = await api
      .getTransactionByHash('0x12')
      .catch((error) => error);
    expect(refused).toBeInstanceOf(client.InvalidParamsError);
    expect(gateway.InvalidParamsError).toBe(client.InvalidParamsError);

    const declined = new MultichainError(4001, 'declined');
    expect(declined).toBeInstanceOf(UserRejectedError);
    expect(declined).not.toBeInstanceOf(InvalidParamsError);
    expect(new SnapnetError('x', { code: -32603 })).not.toBeInstanceOf(
      InvalidParamsError,
    );
    expect(new Error('plain')).not.toBeInstanceOf(InvalidParamsError);
  });

  it('keep the prototype check for their subclasses', () => {
    class FieldError extends InvalidParamsError {}
    expect(new FieldError('x')).toBeInstanceOf(FieldError);
    expect(
      new SnapnetError('x', { code: RpcErrorCode.InvalidParams }),
    ).not.toBeInstanceOf(FieldError);
  });
});
