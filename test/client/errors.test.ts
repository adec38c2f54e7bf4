/**
 * The shared error family of the dapp-side clients: its code table is written as numbers
 * (so dapp bundles don't carry rpc-errors' whole table) and must stay MetaMask's.
 */
import { describe, expect, it } from '@jest/globals';
import { errorCodes } from '@metamask/rpc-errors';

import { RpcErrorCode, SnapnetError } from '../../src/client/errors';

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
