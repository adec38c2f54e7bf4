/**
 * The shared error family of the dapp-side clients: its code table is written as numbers
 * (so dapp bundles don't carry rpc-errors' whole table) and must stay MetaMask's.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { errorCodes } from '@metamask/rpc-errors';

import {
  InvalidParamsError,
  isSnapnetError,
  RpcErrorCode,
  SnapnetError,
  UserRejectedError,
} from '../../src/client/errors';
import * as gateway from '../../src/client/gateway';
import * as client from '../../src/client/snap';
import {
  isMultichainError,
  MultichainError,
} from '../../src/client/testing/multichain/errors';

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

describe('the is…Error guards', () => {
  it('match a snapnet error of a code from any client', async () => {
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
    expect(isSnapnetError(refused, RpcErrorCode.InvalidParams)).toBe(true);
    expect(client.isSnapnetError(refused, RpcErrorCode.UserRejected)).toBe(
      false,
    );

    const declined = new MultichainError(4001, 'declined');
    expect(isSnapnetError(declined, RpcErrorCode.UserRejected)).toBe(true);
    expect(isMultichainError(declined)).toBe(true);
    expect(isMultichainError(declined, RpcErrorCode.InvalidParams)).toBe(false);
    expect(isMultichainError(new InvalidParamsError('x'))).toBe(false);
    expect(isSnapnetError(new Error('plain'))).toBe(false);
    expect(isSnapnetError({ code: 4001, message: 'look-alike' })).toBe(false);
  });

  it('narrow to the family, so its members type-check', () => {
    const caught: unknown = new client.NodeError('node down', {
      code: RpcErrorCode.Internal,
      data: { node: { code: 29, message: 'Transaction hash not found' } },
    });
    expect(client.isNodeError(caught) ? caught.nodeCode : 'not narrowed').toBe(
      29,
    );
    expect(client.isNodeError(new client.NotFoundError('gone'))).toBe(true);
    expect(client.isSnapNotInstalledError(caught)).toBe(false);
  });

  it('hold across two copies of the package, where instanceof does not', () => {
    const copy = jest.requireActual<typeof import('../../src/client/errors')>(
      '../../src/client/errors',
    );
    jest.isolateModules(() => {
      const other = jest.requireActual<
        typeof import('../../src/client/errors')
      >('../../src/client/errors');
      const foreign = new other.UserRejectedError('declined elsewhere');
      expect(foreign).not.toBeInstanceOf(copy.SnapnetError);
      expect(copy.isSnapnetError(foreign, RpcErrorCode.UserRejected)).toBe(
        true,
      );
      const foreignFamily = other.familyGuard('UserRejectedError');
      expect(foreignFamily(new UserRejectedError('here'))).toBe(true);
    });
  });
});
