import type { Infer } from '@metamask/superstruct';
import { is } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { hasProperty } from '@metamask/utils';

import { errorFromRpc, InvalidResponseError } from '../errors';
import { RpcResponseStruct } from '../structs';

/** A JSON-RPC 2.0 answer. */
export type RpcResponse = Infer<typeof RpcResponseStruct>;

/**
 * Builds the request body. Every call carries its own id so that WebSocket answers can
 * be matched and HTTP answers checked.
 *
 * @param id - The request id.
 * @param method - The method.
 * @param params - The params array.
 * @returns The JSON text.
 */
export function encodeRequest(
  id: number,
  method: string,
  params: readonly unknown[],
): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

/**
 * Parses a text as a JSON-RPC answer.
 *
 * @param text - The body or message.
 * @returns The answer, or undefined when the text is not one.
 */
export function parseResponse(text: string): RpcResponse | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return is(parsed, RpcResponseStruct) ? parsed : undefined;
}

/**
 * Unwraps an answer to its result, or throws its error as the matching class.
 *
 * @param response - The answer.
 * @param id - The id the request carried.
 * @param method - The method called.
 * @param status - The HTTP status, when the answer came over HTTP.
 * @returns The result.
 * @throws {GatewayError} The answer's error, or InvalidResponseError for a malformed one.
 */
export function unwrapResponse(
  response: RpcResponse,
  id: number,
  method: string,
  status?: number,
): Json {
  if (response.error) {
    throw errorFromRpc(response.error, { method, status });
  }
  if (response.id !== id || !hasProperty(response, 'result')) {
    throw new InvalidResponseError(
      `${method}: answer has ${response.id === id ? 'no result' : `id ${String(response.id)} instead of ${id}`}`,
      { method, status },
    );
  }
  return response.result ?? null;
}
