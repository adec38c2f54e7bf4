import { string } from '@metamask/superstruct';
import type { Json, JsonRpcResponse } from '@metamask/utils';
import type { RPC_ERROR_SET } from 'starknet';
import { RpcError } from 'starknet';

import {
  NodeRequestFailed,
  NodeVersionUnsupported,
  SPOKEN_RPC,
  nodeScrubs,
  scrubJson,
} from '../../errors';
import type { Fail } from './nodeAnswers';
import { answersOf, readJson, toOutcome } from './nodeAnswers';
import type { NodeCall, NodeOutcome, NodeOutcomes } from './nodeCall';
import { nodeCall } from './nodeCall';

// The call and outcome types live in nodeCall.ts (nodeAnswers.ts uses them too): kept
// importable from here.
export type { NodeCall, NodeOutcome, NodeOutcomes } from './nodeCall';
export { nodeCall } from './nodeCall';

/**
 * The node URLs whose `starknet_specVersion` this snap run has read. The first request
 * to a URL carries that call in its batch (no extra round trip); a node that speaks
 * another version than the snap's is refused by name rather than misread (pathfinder's
 * root URL serves 0.8, where the snap's `pre_confirmed` reads fail as "Invalid params").
 */
const versionRead = new Set<string>();

/** The node methods that send a transaction. */
const SEND_METHOD = /^starknet_add\w+Transaction$/u;

/** The version call that rides in a URL's first batch. */
const SPEC_VERSION_CALL = nodeCall('starknet_specVersion', {}, string());

/**
 * Whether a batch should carry the version call: the URL's first in this run, and no
 * send in it (a send must not go to a node before its version is known; the reads
 * before any send carry the call).
 *
 * @param url - The node URL.
 * @param calls - The batch.
 * @returns Whether to add the call.
 */
function readsVersion(
  url: string,
  calls: readonly NodeCall<unknown>[],
): boolean {
  return (
    !versionRead.has(url) &&
    !calls.some((call) => SEND_METHOD.test(call.method))
  );
}

/**
 * Checks the node's version answer; a version the snap does not speak fails the
 * request. A node that does not answer it is not refused for that.
 *
 * @param url - The node URL.
 * @param outcome - The `starknet_specVersion` outcome.
 * @param where - Host and action, for the error.
 * @param where.host - The node's host; undefined for the user's own node asked by a
 * page, which is not named to it.
 * @param where.action - The snap method.
 * @throws NodeVersionUnsupported for another version.
 */
function checkVersion(
  url: string,
  outcome: NodeOutcome<unknown> | undefined,
  where: { host: string | undefined; action: string },
): void {
  if (outcome?.ok && typeof outcome.result === 'string') {
    if (!SPOKEN_RPC.test(outcome.result)) {
      throw new NodeVersionUnsupported(outcome.result, where);
    }
  }
  versionRead.add(url);
}

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
  /**
   * The node is one the user set and the errors go to a page: they say "your node",
   * never its host, which would identify the user across sites.
   */
  hidden?: boolean;
};

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
 * POSTs one JSON-RPC body to the node and parses the answer; a failure to get one
 * (unreachable, timeout) is marked `lost`: the node may have taken the request.
 *
 * @param options - Node URL and timeout.
 * @param fail - Builds the error.
 * @param method - The node method(s), for errors.
 * @param body - The request or batch.
 * @returns HTTP status and parsed body.
 */
async function post(
  options: NodeClientOptions,
  fail: Fail,
  method: string,
  body: Json,
): Promise<{ status: number; parsed: unknown }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await fetch(options.url, {
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
}

/**
 * How a client's failures read: never with the node's URL, query (API keys live
 * there) or a key-like path segment, even where the node echoes them; naming the
 * node's host, or, for the user's own node asked by a page, "your node" with the host
 * left out everywhere.
 *
 * @param options - The client's options.
 * @param host - The node's host.
 * @returns The failure maker.
 */
function failureOf(options: NodeClientOptions, host: string): Fail {
  const scrubs = nodeScrubs(options.url, options.hidden === true);
  return (details, cause) =>
    new NodeRequestFailed(
      {
        ...scrubJson(details, scrubs),
        ...(options.hidden ? { hidden: true } : { host }),
        action: options.action,
      },
      // Kept for the snap's own checks (isNodeError); never sent to the page.
      { cause },
    );
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
  const fail = failureOf(options, host);

  const batch = async <const Calls extends readonly NodeCall<unknown>[]>(
    asked: Calls,
  ): Promise<NodeOutcomes<Calls>> => {
    const withVersion = readsVersion(options.url, asked);
    const calls: readonly NodeCall<unknown>[] = withVersion
      ? [SPEC_VERSION_CALL, ...asked]
      : asked;
    const requests = calls.map((call) => ({
      jsonrpc: '2.0' as const,
      id: (nextId += 1),
      method: call.method,
      params: call.params,
    }));
    // What the request was for: the version check riding along is the snap's own.
    const method = [...new Set(asked.map((call) => call.method))].join(', ');
    const byId =
      requests.length === 0
        ? new Map<unknown, JsonRpcResponse>()
        : answersOf(
            await post(
              options,
              fail,
              method,
              requests.length === 1 ? (requests[0] ?? null) : requests,
            ),
            method,
            fail,
          );
    const all = calls.map((call, index) =>
      toOutcome(call, byId.get(requests[index]?.id), fail),
    );
    if (withVersion) {
      checkVersion(options.url, all[0], {
        host: options.hidden ? undefined : host,
        action: options.action,
      });
    }
    const outcomes = withVersion ? all.slice(1) : all;
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
