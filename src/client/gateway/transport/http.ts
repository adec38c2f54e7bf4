import type { Json } from '@metamask/utils';

import {
  errorFromHttp,
  InvalidResponseError,
  TimeoutError,
  TransportClosedError,
} from '../errors';
import { encodeRequest, parseResponse, unwrapResponse } from './envelope';
import type { Transport } from './types';

/** The request the client hands to `fetch`. */
export type FetchRequest = {
  /** Always POST. */
  method: 'POST';
  /** `Content-Type: application/json`. */
  headers: Record<string, string>;
  /** The JSON-RPC envelope. */
  body: string;
  /** Aborted when `timeoutMs` runs out. */
  signal: AbortSignal;
};

/** The part of a `fetch` response the client reads. */
export type FetchResponse = {
  /** The HTTP status. */
  status: number;
  /** The headers (only `Retry-After` is read). */
  headers: { get(name: string): string | null };
  /** Reads the body. */
  text(): Promise<string>;
};

/** The part of `fetch` the client uses; inject one to add proxies, logging or mocks. */
export type FetchFunction = (
  url: string,
  init: FetchRequest,
) => Promise<FetchResponse>;

/** Options of {@link createHttpTransport}. */
export type HttpTransportOptions = {
  /** `{base_url}/v3/<API_KEY>`. */
  url: string;
  /** The fetch to use. */
  fetch: FetchFunction;
  /** Time for one request, body included. */
  timeoutMs: number;
  /** Clock for HTTP-date `Retry-After` values. */
  now?: () => number;
};

/** What came back, read completely before the timer is cleared. */
type HttpAnswer = {
  /** The HTTP status. */
  status: number;
  /** The `Retry-After` header. */
  retryAfter: string | null;
  /** The body. */
  text: string;
};

/**
 * Creates the HTTP transport: one POST per call with `Content-Type: application/json`.
 * Non-2xx statuses are classified by status first (401/403 auth, 402 quota, 429 rate
 * limit with `Retry-After`), since gateways send them with or without a JSON-RPC body.
 *
 * @param options - Transport options.
 * @returns The transport.
 */
export function createHttpTransport(options: HttpTransportOptions): Transport {
  const { url, fetch: send, timeoutMs, now = Date.now } = options;
  let nextId = 1;

  /**
   * Posts one envelope and reads the whole answer within the timeout.
   *
   * @param method - The method, for messages.
   * @param body - The envelope.
   * @returns Status, Retry-After and body.
   */
  async function post(method: string, body: string): Promise<HttpAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: controller.signal,
      });
      return {
        status: response.status,
        retryAfter: response.headers.get('Retry-After'),
        text: await response.text(),
      };
    } catch (error) {
      if (controller.signal.aborted) {
        throw new TimeoutError(`${method}: no answer within ${timeoutMs} ms`, {
          method,
          cause: error,
        });
      }
      throw new TransportClosedError(`${method}: HTTP request failed`, {
        method,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: 'http',

    /**
     * Sends one call.
     *
     * @param method - The method.
     * @param params - The params array.
     * @returns The result.
     */
    async request(method, params): Promise<Json> {
      const id = nextId;
      nextId += 1;
      const answer = await post(method, encodeRequest(id, method, params));
      const response = parseResponse(answer.text);
      if (answer.status >= 200 && answer.status < 300) {
        if (!response) {
          throw new InvalidResponseError(
            `${method}: HTTP ${answer.status} with a body that is not a JSON-RPC answer`,
            { method, status: answer.status },
          );
        }
        return unwrapResponse(response, id, method, answer.status);
      }
      throw errorFromHttp({
        status: answer.status,
        method,
        text: answer.text,
        error: response?.error,
        retryAfterMs: parseRetryAfter(answer.retryAfter, now()),
      });
    },

    /**
     * Nothing is held open between HTTP calls.
     *
     * @returns At once.
     */
    async close(): Promise<void> {
      return undefined;
    },
  };
}

/**
 * Reads a `Retry-After` header: delay-seconds or an HTTP date.
 *
 * @param value - The header value.
 * @param nowMs - The current time, for dates.
 * @returns The delay in ms (not below 0), or undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null,
  nowMs: number,
): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') {
    return undefined;
  }
  if (/^\d+(?:\.\d+)?$/u.test(trimmed)) {
    return Math.round(Number(trimmed) * 1000);
  }
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
