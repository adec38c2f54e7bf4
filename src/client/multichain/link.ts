import { TransportTimeoutError } from '@metamask/multichain-api-client';
import type { Struct } from '@metamask/superstruct';
import { is, validate } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import {
  MultichainError,
  MultichainErrorCode,
  toMultichainError,
} from './errors';
import type { MultichainTransport } from './transport';
import { RpcResponseStruct } from './types';

/** How often the first session read after connecting is retried, as upstream does. */
const WARMUP_RETRIES = 10;

/** How long to wait between warm-up tries after a failure other than a timeout (upstream's). */
const WARMUP_RETRY_DELAY_MS = 200;

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
 * The client's hold on a transport (upstream's `getDefaultTransport()` or any
 * {@link MultichainTransport}): it connects on demand, subscribes the client to pushed messages
 * on every new connection, and tells the client when it had to (re)connect, because the
 * wallet may have changed the session while no one was listening. Concurrent callers
 * share one attempt.
 */
export class TransportLink {
  readonly #transport: MultichainTransport;

  readonly #receive: (data: unknown) => void;

  #linked = false;

  #linking: Promise<unknown> | undefined;

  #unsubscribe: (() => void) | undefined;

  /**
   * @param transport - The upstream transport.
   * @param receive - Gets every pushed message.
   */
  constructor(
    transport: MultichainTransport,
    receive: (data: unknown) => void,
  ) {
    this.#transport = transport;
    this.#receive = receive;
  }

  /**
   * Makes sure the transport is connected and subscribed; after a (re)connection runs
   * `warmUp` (the first session read), retried as upstream does: at once after a
   * timeout, after 200 ms otherwise, up to 10 times.
   *
   * @param warmUp - The first read on a new connection, given its timeout.
   * @returns Whether this call had to connect (and so ran `warmUp`).
   */
  async ensure(
    warmUp: (timeout?: number) => Promise<unknown>,
  ): Promise<boolean> {
    if (this.#linked && this.#transport.isConnected()) {
      return false;
    }
    this.#linking ??= this.#connect(warmUp).finally(() => {
      this.#linking = undefined;
    });
    await this.#linking;
    return true;
  }

  /**
   * One connection attempt with its warm-up.
   *
   * @param warmUp - The first read.
   */
  async #connect(
    warmUp: (timeout?: number) => Promise<unknown>,
  ): Promise<void> {
    this.#linked = false;
    try {
      if (!this.#transport.isConnected()) {
        await this.#transport.connect();
      }
    } catch (caught) {
      throw toMultichainError(caught, MultichainErrorCode.Disconnected);
    }
    this.#unsubscribe?.();
    this.#unsubscribe = this.#transport.onNotification(this.#receive);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await warmUp(this.#transport.warmupTimeout);
        break;
      } catch (caught) {
        if (!this.#retriable(caught) || attempt >= WARMUP_RETRIES) {
          throw caught;
        }
        if (!(caught.cause instanceof TransportTimeoutError)) {
          await new Promise((resolve) =>
            setTimeout(resolve, WARMUP_RETRY_DELAY_MS),
          );
        }
      }
    }
    this.#linked = true;
  }

  /**
   * Whether a warm-up failure is the transport's (worth retrying), not the wallet's.
   *
   * @param caught - What the read threw.
   * @returns True for a 4900 MultichainError.
   */
  #retriable(caught: unknown): caught is MultichainError {
    return (
      caught instanceof MultichainError &&
      caught.code === MultichainErrorCode.Disconnected
    );
  }

  /** Stops listening and disconnects; the next call connects again. */
  async close(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#linked = false;
    await this.#transport.disconnect();
  }

  /**
   * Sends one request and unwraps the JSON-RPC response, so the client deals in results
   * and MultichainErrors only.
   *
   * @param method - The wallet method.
   * @param params - Its params (an object; `{}` for the methods without any).
   * @param timeout - A per-request timeout for the transport, if any.
   * @returns The `result` member.
   * @throws {MultichainError} The wallet's error, or 4900 when the transport failed.
   */
  async send(method: string, params: Json, timeout?: number): Promise<unknown> {
    let response: unknown;
    try {
      response = await this.#transport.request(
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
      throw toMultichainError(
        response.error,
        MultichainErrorCode.InternalError,
      );
    }
    return response.result;
  }
}
