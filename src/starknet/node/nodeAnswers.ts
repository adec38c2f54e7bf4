import { array, is } from '@metamask/superstruct';
import type { JsonRpcResponse } from '@metamask/utils';
import { JsonRpcResponseStruct } from '@metamask/utils';
import type { RPC_ERROR } from 'starknet';
import { RpcError } from 'starknet';

import type { NodeRequestFailed } from '../../errors';
import type { NodeCall, NodeOutcome } from './nodeCall';

/**
 * Where the node's answers are checked: the HTTP body as JSON, as JSON-RPC responses
 * (@metamask/utils' structs), and each result against its call's struct. Every failure
 * becomes one `NodeRequestFailed` naming the method.
 */

export type Failure = ConstructorParameters<typeof NodeRequestFailed>[0];

export type Fail = (
  details: Omit<Failure, 'host' | 'action'>,
  cause?: unknown,
) => NodeRequestFailed;

/**
 * Turns one JSON-RPC answer into an outcome, checking the result against its struct.
 *
 * @param call - The call it answers.
 * @param answer - The node's answer for it, if any.
 * @param fail - Builds the error, adding host and action.
 * @returns The outcome.
 */
export function toOutcome(
  call: NodeCall<unknown>,
  answer: JsonRpcResponse | undefined,
  fail: Fail,
): NodeOutcome<unknown> {
  const { method } = call;
  if (!answer) {
    return {
      ok: false,
      error: fail({ method, message: 'answered without this call' }),
    };
  }
  if ('error' in answer) {
    const { code, message, data } = answer.error;
    // starknet.js' error type lists the spec's codes; any other code simply matches none.
    const cause = new RpcError(answer.error as RPC_ERROR, method, {});
    return { ok: false, error: fail({ method, code, message, data }, cause) };
  }
  const [invalid, result] = call.check(answer.result);
  if (invalid) {
    return {
      ok: false,
      error: fail({
        method,
        message: `answered ${method} with a malformed result (${invalid.message})`,
      }),
    };
  }
  return { ok: true, result };
}

/**
 * Reads the node's HTTP answer as JSON.
 *
 * @param response - The HTTP response.
 * @param method - The node method(s), for errors.
 * @param fail - Builds the error.
 * @returns The parsed body.
 */
export async function readJson(
  response: Response,
  method: string,
  fail: Fail,
): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw fail({
      method,
      httpStatus: response.status,
      lost: response.status >= 500,
      message: response.ok
        ? 'answered with malformed JSON'
        : `answered HTTP ${response.status} ${response.statusText}`.trim(),
    });
  }
}

/**
 * Checks the node's HTTP answer as JSON-RPC responses, keyed by id.
 *
 * @param posted - The HTTP answer.
 * @param posted.status - Its HTTP status.
 * @param posted.parsed - Its body, parsed.
 * @param method - The node method(s), for errors.
 * @param fail - Builds the error.
 * @returns The responses by id.
 */
export function answersOf(
  posted: { status: number; parsed: unknown },
  method: string,
  fail: Fail,
): Map<unknown, JsonRpcResponse> {
  const { status, parsed } = posted;
  const answers: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const valid = is(answers, array(JsonRpcResponseStruct));
  if (status < 200 || status >= 300 || !valid) {
    // Some nodes answer an HTTP error with a JSON-RPC error body: keep its code.
    const first = answers.find((answer) => is(answer, JsonRpcResponseStruct));
    const error =
      first && is(first, JsonRpcResponseStruct) && 'error' in first
        ? first.error
        : undefined;
    throw fail({
      method,
      httpStatus: status,
      code: error?.code,
      data: error?.data,
      lost: status >= 500,
      message:
        error?.message ??
        (status < 200 || status >= 300
          ? `answered HTTP ${status}`
          : 'answered with something that is not a JSON-RPC response'),
    });
  }
  return new Map(
    answers
      .filter((answer) => is(answer, JsonRpcResponseStruct))
      .map((answer) => [answer.id, answer]),
  );
}
