import type { Struct } from '@metamask/superstruct';
import { is, validate } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { isValidJson } from '@metamask/utils';

import {
  MultichainError,
  MultichainErrorCode,
  toMultichainError,
} from './errors';
import type { MultichainTransport } from './transport';
import type { InvokeMethodResult } from './types';
import { InvokeMethodResultStruct, RpcResponseStruct } from './types';

/**
 * Sends one request through a transport and unwraps the JSON-RPC response, so the client
 * deals in results and MultichainErrors only.
 *
 * @param transport - The transport.
 * @param method - The wallet method.
 * @param params - Its params (an object; `{}` for the methods without any).
 * @param timeout - A per-request timeout for the transport, if any.
 * @returns The `result` member.
 * @throws {MultichainError} The wallet's error, or 4900 when the transport failed.
 */
export async function sendRequest(
  transport: MultichainTransport,
  method: string,
  params: Json,
  timeout?: number,
): Promise<unknown> {
  let response: unknown;
  try {
    response = await transport.request(
      { method, params },
      timeout === undefined ? undefined : { timeout },
    );
  } catch (caught) {
    throw toMultichainError(caught, MultichainErrorCode.Disconnected);
  }
  if (!is(response, RpcResponseStruct)) {
    throw new MultichainError(
      MultichainErrorCode.InternalError,
      `${method}: the transport answered no JSON-RPC response`,
      { cause: response },
    );
  }
  if (response.error) {
    throw toMultichainError(response.error, MultichainErrorCode.InternalError);
  }
  return response.result;
}

/**
 * Checks a wallet result against its struct.
 *
 * @param value - The result.
 * @param struct - What it must look like.
 * @param method - The wallet method, for the error.
 * @returns The typed result.
 * @throws {MultichainError} -32603 when the wallet answered something else.
 */
export function parse<Type>(
  value: unknown,
  struct: Struct<Type, unknown>,
  method: string,
): Type {
  const [failure, parsed] = validate(value, struct);
  if (failure) {
    throw new MultichainError(
      MultichainErrorCode.InternalError,
      `${method}: unexpected result from the wallet (${failure.message})`,
      { cause: failure },
    );
  }
  return parsed;
}

/**
 * Puts an invoke result in the spec's envelope. The spec (CAIP-27) answers
 * `{ scope, result: { method, result } }`; MetaMask answers the bare method result. Both
 * are accepted; a bare result that happens to look like the envelope for this very scope
 * and method is taken as the envelope.
 *
 * @param result - What the wallet answered.
 * @param scope - The invoked scope.
 * @param method - The invoked method.
 * @returns The result in the spec's envelope.
 * @throws {MultichainError} -32603 when the result is not JSON.
 */
export function toInvokeResult(
  result: unknown,
  scope: string,
  method: string,
): InvokeMethodResult {
  if (
    is(result, InvokeMethodResultStruct) &&
    result.scope === scope &&
    result.result.method === method
  ) {
    return { scope, result: { method, result: result.result.result } };
  }
  if (!isValidJson(result)) {
    throw new MultichainError(
      MultichainErrorCode.InternalError,
      'wallet_invokeMethod: the wallet answered no JSON result',
    );
  }
  return { scope, result: { method, result } };
}
