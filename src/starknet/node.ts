import type { Struct, StructError } from '@metamask/superstruct';
import { array, is, validate } from '@metamask/superstruct';
import type { Json, JsonRpcResponse } from '@metamask/utils';
import { JsonRpcResponseStruct } from '@metamask/utils';
import type { RPC_ERROR, RPC_ERROR_SET } from 'starknet';
import { RpcError } from 'starknet';

import { NodeRequestFailed } from '../errors';

/**
 * One JSON-RPC call to a Starknet node (spec 0.10 methods take by-name params), with
 * the struct its answer must match. The answer is checked once, where it arrives, so
 * a malformed answer is a `NodeRequestFailed` naming the method, never a TypeError
 * deep in a handler.
 */
export type NodeCall<Result = Json> = {
  method: string;
  params: Record<string, Json>;
  /** Checks an answer against the call's result struct (see {@link nodeCall}). */
  check: (answer: Json) => [StructError, undefined] | [undefined, Result];
};

/**
 * Builds a node call: method, by-name params and the struct of its result.
 *
 * @param method - The spec method.
 * @param params - Its params, already in wire form.
 * @param result - What a correct answer looks like.
 * @returns The call.
 */
export function nodeCall<Result>(
  method: string,
  params: Record<string, Json>,
  result: Struct<Result, unknown>,
): NodeCall<Result> {
  return {
    method,
    params,
    check: (answer) => validate(answer, result, { coerce: true }),
  };
}

/** Outcome of one call in a batch: batches keep per-call node errors apart. */
export type NodeOutcome<Result = Json> =
  { ok: true; result: Result } | { ok: false; error: NodeRequestFailed };

/** The outcomes of a batch, typed call by call. */
export type NodeOutcomes<Calls extends readonly NodeCall<unknown>[]> = {
  [Index in keyof Calls]: NodeOutcome<
    Calls[Index] extends NodeCall<infer Result> ? Result : never
  >;
};

/**
 * A Starknet JSON-RPC client for one node. Reads are explicit batches so that one
 * user action costs a known, small number of HTTP round trips; every failure keeps
 * the node's code, message and data (or the HTTP status) in a `NodeRequestFailed`
 * that names the node's host and the snap method the user asked for.
 *
 * starknet.js' RpcProvider batches by timer and drops the HTTP status of a failed
 * answer, so the snap talks to the node through this client and uses starknet.js
 * for what it is best at: hashing, signing, calldata and typed data.
 */
export type NodeClient = {
  /** Sends one call; resolves its checked result or throws `NodeRequestFailed`. */
  send<Result>(call: NodeCall<Result>): Promise<Result>;
  /** Sends the calls as one HTTP request; node errors are per call, transport errors throw. */
  batch<const Calls extends readonly NodeCall<unknown>[]>(
    calls: Calls,
  ): Promise<NodeOutcomes<Calls>>;
};

export type NodeClientOptions = {
  url: string;
  /** Abort a request the node has not answered within this many milliseconds. */
  timeoutMs: number;
  /** What the user asked for (the snap method), named in every error. */
  action: string;
};

type Failure = ConstructorParameters<typeof NodeRequestFailed>[0];

type Fail = (
  details: Omit<Failure, 'host' | 'action'>,
  cause?: unknown,
) => NodeRequestFailed;

/**
 * Whether the node refused a request with one of the spec's errors, matched by
 * starknet.js' own code table (`RpcError.isType`).
 *
 * @param error - What was thrown, or a batch outcome's error.
 * @param name - The spec's error name, e.g. `CONTRACT_NOT_FOUND`.
 * @returns Whether it is that node error.
 */
export function isNodeError(
  error: unknown,
  name: keyof RPC_ERROR_SET,
): boolean {
  return (
    error instanceof NodeRequestFailed &&
    error.cause instanceof RpcError &&
    error.cause.isType(name)
  );
}

/**
 * The host of a node URL: errors name it, never the full URL, whose path or query
 * may hold an API key.
 *
 * @param url - The node URL.
 * @returns `host[:port]`, or a placeholder for a malformed URL.
 */
export function nodeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid node URL';
  }
}

/**
 * Turns one JSON-RPC answer into an outcome, checking the result against its struct.
 *
 * @param call - The call it answers.
 * @param answer - The node's answer for it, if any.
 * @param fail - Builds the error, adding host and action.
 * @returns The outcome.
 */
function toOutcome(
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
async function readJson(
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
      message: response.ok
        ? 'answered with malformed JSON'
        : `answered HTTP ${response.status} ${response.statusText}`.trim(),
    });
  }
}

/**
 * Creates a client for one node URL. It holds no state beyond a request-id counter,
 * so each request context gets its own.
 *
 * @param options - Node URL, timeout and the user's action.
 * @returns The client.
 */
export function createNodeClient(options: NodeClientOptions): NodeClient {
  let nextId = 0;
  const host = nodeHost(options.url);
  const fail: Fail = (details, cause) =>
    new NodeRequestFailed(
      { ...details, host, action: options.action },
      { cause },
    );

  const post = async (
    method: string,
    body: Json,
  ): Promise<{ status: number; parsed: unknown }> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      return {
        status: response.status,
        parsed: await readJson(response, method, fail),
      };
    } catch (error) {
      if (error instanceof NodeRequestFailed) {
        throw error;
      }
      throw fail({
        method,
        lost: true,
        message: controller.signal.aborted
          ? `gave no answer within ${options.timeoutMs} ms`
          : `could not be reached (${error instanceof Error ? error.message : String(error)})`,
      });
    } finally {
      clearTimeout(timer);
    }
  };

  const batch = async <const Calls extends readonly NodeCall<unknown>[]>(
    calls: Calls,
  ): Promise<NodeOutcomes<Calls>> => {
    const requests = calls.map((call) => ({
      jsonrpc: '2.0' as const,
      id: (nextId += 1),
      method: call.method,
      params: call.params,
    }));
    const method = [...new Set(calls.map((call) => call.method))].join(', ');
    const byId =
      requests.length === 0
        ? new Map<unknown, JsonRpcResponse>()
        : answersOf(
            await post(
              method,
              requests.length === 1 ? (requests[0] ?? null) : requests,
            ),
            method,
            fail,
          );
    const outcomes = calls.map((call, index) =>
      toOutcome(call, byId.get(requests[index]?.id), fail),
    );
    // One outcome per call, in order: the mapped tuple type describes exactly this.
    return outcomes as NodeOutcomes<Calls>;
  };

  return {
    batch,
    async send<Result>(call: NodeCall<Result>): Promise<Result> {
      const [outcome] = await batch([call] as const);
      if (!outcome.ok) {
        throw outcome.error;
      }
      return outcome.result;
    },
  };
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
function answersOf(
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
