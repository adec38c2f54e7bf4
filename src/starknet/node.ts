import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { NodeRequestFailed } from '../errors';

/** One JSON-RPC call to a Starknet node (spec 0.10 methods take by-name params). */
export type NodeCall = {
  method: string;
  params: Record<string, Json> | Json[];
};

/** Outcome of one call in a batch: batches keep per-call node errors apart. */
export type NodeOutcome =
  | {
      ok: true;
      result: Json;
    }
  | {
      ok: false;
      error: NodeRequestFailed;
    };

/**
 * A Starknet JSON-RPC client for one node. Reads are explicit batches so that one
 * user action costs a known, small number of HTTP round trips; every failure keeps
 * the node's code, message and data (or the HTTP status) in a `NodeRequestFailed`.
 *
 * starknet.js' RpcProvider batches by timer and drops the HTTP status of a failed
 * answer, so the snap talks to the node through this client and uses starknet.js
 * for what it is best at: hashing, signing, calldata and typed data.
 */
export type NodeClient = {
  /** Sends one call; resolves its result or throws `NodeRequestFailed`. */
  request(call: NodeCall): Promise<Json>;
  /** Sends the calls as one HTTP request; node errors are per call, transport errors throw. */
  batch(calls: readonly NodeCall[]): Promise<NodeOutcome[]>;
};

export type NodeClientOptions = {
  url: string;
  /** Abort a request the node has not answered within this many milliseconds. */
  timeoutMs: number;
};

type JsonRpcAnswer = {
  id: number;
  result?: Json;
  error?: {
    code: number;
    message: string;
    data?: Json;
  };
};

/**
 * Narrows one element of a node's answer.
 *
 * @param value - Parsed JSON.
 * @returns Whether it looks like a JSON-RPC response with a numeric id.
 */
function isAnswer(value: unknown): value is JsonRpcAnswer {
  return isObject(value) && typeof value.id === 'number';
}

/**
 * Turns one JSON-RPC answer into an outcome.
 *
 * @param method - The method that was called, for error messages.
 * @param answer - The node's answer for it, if any.
 * @returns The outcome.
 */
function toOutcome(
  method: string,
  answer: JsonRpcAnswer | undefined,
): NodeOutcome {
  if (!answer) {
    return {
      ok: false,
      error: new NodeRequestFailed({
        method,
        message: 'the node answered the batch without a response for this call',
      }),
    };
  }
  if (answer.error) {
    return {
      ok: false,
      error: new NodeRequestFailed({
        method,
        code: answer.error.code,
        message: answer.error.message,
        data: answer.error.data,
      }),
    };
  }
  if (answer.result === undefined) {
    return {
      ok: false,
      error: new NodeRequestFailed({
        method,
        message: 'the node answered with neither a result nor an error',
      }),
    };
  }
  return { ok: true, result: answer.result };
}

/**
 * Creates a client for one node URL. It holds no state beyond a request-id counter,
 * so each request context gets its own.
 *
 * @param options - Node URL and timeout.
 * @returns The client.
 */
export function createNodeClient(options: NodeClientOptions): NodeClient {
  let nextId = 0;

  const post = async (
    label: string,
    body: Json,
  ): Promise<{
    status: number;
    parsed: unknown;
  }> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (cause) {
        throw new NodeRequestFailed(
          {
            method: label,
            httpStatus: response.status,
            message: response.ok
              ? 'the node answered with malformed JSON'
              : `HTTP ${response.status} ${response.statusText}`.trim(),
          },
          { cause },
        );
      }
      return { status: response.status, parsed };
    } catch (error) {
      if (error instanceof NodeRequestFailed) {
        throw error;
      }
      const message = controller.signal.aborted
        ? `no answer within ${options.timeoutMs} ms`
        : `could not reach the node: ${error instanceof Error ? error.message : String(error)}`;
      throw new NodeRequestFailed({ method: label, message }, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };

  const batch = async (calls: readonly NodeCall[]): Promise<NodeOutcome[]> => {
    if (calls.length === 0) {
      return [];
    }
    const requests = calls.map((call) => ({
      jsonrpc: '2.0',
      id: (nextId += 1),
      method: call.method,
      params: call.params,
    }));
    const label =
      calls.length === 1
        ? (calls[0]?.method ?? 'batch')
        : `batch of ${calls.length} (${[...new Set(calls.map((call) => call.method))].join(', ')})`;
    const { status, parsed } = await post(
      label,
      requests.length === 1 ? (requests[0] ?? null) : requests,
    );
    const answers = Array.isArray(parsed) ? parsed : [parsed];
    if (status < 200 || status >= 300) {
      // Some nodes answer an HTTP error with a JSON-RPC error body: keep its code.
      const first = answers.find(isAnswer);
      throw new NodeRequestFailed({
        method: label,
        httpStatus: status,
        code: first?.error?.code,
        message: first?.error?.message ?? `HTTP ${status}`,
        data: first?.error?.data,
      });
    }
    if (!answers.every(isAnswer)) {
      const single = !Array.isArray(parsed) && isObject(parsed) ? parsed : null;
      const error = single?.error;
      throw new NodeRequestFailed({
        method: label,
        httpStatus: status,
        message:
          isObject(error) && typeof error.message === 'string'
            ? error.message
            : 'the node answered with something that is not a JSON-RPC response',
        code:
          isObject(error) && typeof error.code === 'number'
            ? error.code
            : undefined,
      });
    }
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    return requests.map((request) =>
      toOutcome(request.method, byId.get(request.id)),
    );
  };

  return {
    batch,
    async request(call): Promise<Json> {
      const [outcome] = await batch([call]);
      if (!outcome) {
        throw new NodeRequestFailed({
          method: call.method,
          message: 'no answer',
        });
      }
      if (!outcome.ok) {
        throw outcome.error;
      }
      return outcome.result;
    },
  };
}

/**
 * Unwraps a batch outcome, rethrowing the node's error.
 *
 * @param outcome - One element of a batch answer.
 * @returns The result.
 */
export function unwrap(outcome: NodeOutcome | undefined): Json {
  if (!outcome) {
    throw new NodeRequestFailed({ method: 'batch', message: 'missing answer' });
  }
  if (!outcome.ok) {
    throw outcome.error;
  }
  return outcome.result;
}
