import type { Hex, Json } from '@metamask/utils';
import { hasProperty, isObject } from '@metamask/utils';

import type { RevertReason } from './revert';
import { decodeRevertData, describeRevert } from './revert';

/**
 * Codes given to errors the client raises itself, where no gateway code exists. They sit
 * on the standard JSON-RPC codes with the same meaning so that callers can switch on
 * `code` whether the refusal was local or remote.
 */
export const LocalErrorCode = {
  /** The client cannot make this call as configured (-32600, invalid request). */
  Configuration: -32600,
  /** A parameter failed the client's checks (-32602, as the node would answer). */
  InvalidParams: -32602,
  /** The gateway's answer could not be used (-32603, internal error). */
  InvalidResponse: -32603,
  /** The local daily budget is spent (-33000, the gateway's quota code). */
  QuotaExceeded: -33000,
  /** No answer within `timeoutMs` (408, HTTP request timeout). */
  Timeout: 408,
  /** The connection failed or dropped before an answer (1006, abnormal closure). */
  TransportClosed: 1006,
} as const;

/** What every gateway error carries besides its message. */
export type GatewayErrorOptions = {
  /** JSON-RPC error code, else the HTTP status, else a {@link LocalErrorCode}. */
  code: number;
  /** `error.data` of the answer, or local details. */
  data?: Json | undefined;
  /** HTTP status of the answer, when there was one. */
  status?: number | undefined;
  /** The JSON-RPC method of the failed call. */
  method?: string | undefined;
  /** The underlying error, kept so that nothing is swallowed. */
  cause?: unknown;
};

/**
 * Base class of every error the gateway client throws, so that one `instanceof` check
 * separates gateway failures from programming errors.
 */
export class GatewayError extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  readonly status: number | undefined;

  readonly method: string | undefined;

  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: GatewayErrorOptions) {
    super(message, { cause: options.cause });
    this.name = 'GatewayError';
    this.code = options.code;
    this.data = options.data;
    this.status = options.status;
    this.method = options.method;
  }
}

/** The client is misconfigured for this call (e.g. eth_call on a WebSocket client). */
export class ConfigurationError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: Partial<GatewayErrorOptions> = {}) {
    super(message, { ...options, code: LocalErrorCode.Configuration });
    this.name = 'ConfigurationError';
  }
}

/** Invalid parameters (-32602), refused locally before sending or by the node. */
export class InvalidParamsError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: Partial<GatewayErrorOptions> = {}) {
    super(message, { ...options, code: LocalErrorCode.InvalidParams });
    this.name = 'InvalidParamsError';
  }
}

/** The node does not know the method (-32601). */
export class MethodNotFoundError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: Partial<GatewayErrorOptions> = {}) {
    super(message, { ...options, code: -32601 });
    this.name = 'MethodNotFoundError';
  }
}

/**
 * eth_call reverted (code 3). `data` is the raw revert data; `revert` is its decoding
 * (Error(string), Panic(uint256) or a custom error's selector) and `reason` a readable
 * form of it, so callers need no ABI decoder for the common cases.
 */
export class ExecutionRevertedError extends GatewayError {
  readonly revert: RevertReason;

  readonly reason: string | undefined;

  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: Partial<GatewayErrorOptions> = {}) {
    super(message, { ...options, code: 3 });
    this.name = 'ExecutionRevertedError';
    const raw: Hex =
      typeof options.data === 'string' ? toHex(options.data) : '0x';
    this.revert = decodeRevertData(raw);
    this.reason = describeRevert(this.revert);
  }
}

/** The API key was refused: 401, or 403 "rejected due to project ID settings". */
export class AuthError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    this.name = 'AuthError';
  }
}

/** How long the gateway asks to wait before retrying. */
export type RetryHint = {
  /** From `Retry-After` or `error.data.backoff_seconds`, in ms. */
  retryAfterMs?: number | undefined;
};

/**
 * Too many requests (429, -32005, -33200, -33300). `retryAfterMs` comes from the
 * `Retry-After` header or `error.data.backoff_seconds`; retries wait that long.
 */
export class RateLimitError extends GatewayError {
  readonly retryAfterMs: number | undefined;

  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: GatewayErrorOptions & RetryHint) {
    super(message, options);
    this.name = 'RateLimitError';
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The daily credit balance is spent (402, -33000, or the local budget). Never retried. */
export class QuotaExceededError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    this.name = 'QuotaExceededError';
  }
}

/** No answer arrived within `timeoutMs`. */
export class TimeoutError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: Partial<GatewayErrorOptions> = {}) {
    super(message, { ...options, code: LocalErrorCode.Timeout });
    this.name = 'TimeoutError';
  }
}

/**
 * The connection failed or dropped before the answer came (a WebSocket close, a failed
 * fetch). `code` is the WebSocket close code when known.
 */
export class TransportClosedError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: Partial<GatewayErrorOptions> = {}) {
    super(message, { code: LocalErrorCode.TransportClosed, ...options });
    this.name = 'TransportClosedError';
  }
}

/** An HTTP status without a more specific meaning (408, 5xx, 404, …). */
export class HttpError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/**
 * A node server error in -32000…-32099, such as Solana's -32002 (transaction simulation
 * failed) or -32016 (minimum context slot not reached; `contextSlot` is read from data).
 */
export class ServerError extends GatewayError {
  readonly contextSlot: number | undefined;

  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: GatewayErrorOptions) {
    super(message, options);
    this.name = 'ServerError';
    const { data } = options;
    this.contextSlot =
      isObject(data) &&
      hasProperty(data, 'contextSlot') &&
      typeof data.contextSlot === 'number'
        ? data.contextSlot
        : undefined;
  }
}

/** The gateway answered with something that is not the documented shape. */
export class InvalidResponseError extends GatewayError {
  /**
   * @param message - What went wrong.
   * @param options - Code, data, status, method and cause.
   */
  constructor(message: string, options: Partial<GatewayErrorOptions> = {}) {
    super(message, { ...options, code: LocalErrorCode.InvalidResponse });
    this.name = 'InvalidResponseError';
  }
}

/** The JSON-RPC `error` member of an answer. */
export type RpcErrorObject = {
  /** The JSON-RPC error code. */
  code: number;
  /** The node's message. */
  message: string;
  /** Details, such as revert data or a rate limit's backoff. */
  data?: Json;
};

/** Where an error answer came from, for classification. */
export type AnswerContext = {
  /** The JSON-RPC method called. */
  method: string;
  /** The HTTP status, when the answer came over HTTP. */
  status?: number | undefined;
  /** The `Retry-After` header, in ms. */
  retryAfterMs?: number | undefined;
};

/** A non-2xx HTTP answer. */
export type HttpAnswer = AnswerContext & {
  /** The HTTP status. */
  status: number;
  /** The raw body, used as message when there is no JSON-RPC error. */
  text: string;
  /** The JSON-RPC error of the body, if any. */
  error?: RpcErrorObject | undefined;
};

const RATE_LIMIT_CODES = new Set([-32005, -33200, -33300]);

/**
 * Reads `error.data.backoff_seconds` (the gateway's rate-limit hint) as milliseconds.
 *
 * @param data - The `error.data` member.
 * @returns The delay in ms, or undefined when the hint is absent.
 */
export function backoffFromData(data: Json | undefined): number | undefined {
  if (
    isObject(data) &&
    hasProperty(data, 'backoff_seconds') &&
    typeof data.backoff_seconds === 'number' &&
    data.backoff_seconds >= 0
  ) {
    return Math.round(data.backoff_seconds * 1000);
  }
  return undefined;
}

/**
 * Maps a JSON-RPC error object to its error class. One place, so that HTTP and
 * WebSocket answers are classified alike.
 *
 * @param error - The `error` member of the answer.
 * @param context - Method and HTTP details of the call.
 * @returns The matching {@link GatewayError}.
 */
export function errorFromRpc(
  error: RpcErrorObject,
  context: AnswerContext,
): GatewayError {
  const { code, message, data } = error;
  const options = {
    code,
    data,
    method: context.method,
    status: context.status,
  };
  if (code === 3) {
    return new ExecutionRevertedError(message, options);
  }
  if (code === -32602) {
    return new InvalidParamsError(message, options);
  }
  if (code === -32601) {
    return new MethodNotFoundError(message, options);
  }
  if (RATE_LIMIT_CODES.has(code)) {
    return new RateLimitError(message, {
      ...options,
      retryAfterMs: context.retryAfterMs ?? backoffFromData(data),
    });
  }
  if (code === -33000) {
    return new QuotaExceededError(message, options);
  }
  if (code <= -32000 && code >= -32099) {
    return new ServerError(message, options);
  }
  return new GatewayError(message, options);
}

/**
 * Maps a non-2xx HTTP answer to its error class. The status decides first (a gateway
 * may send 401/402/403/429 with or without a JSON-RPC body); other statuses with a
 * JSON-RPC error body are classified by its code.
 *
 * @param answer - What came back.
 * @returns The matching {@link GatewayError}.
 */
export function errorFromHttp(answer: HttpAnswer): GatewayError {
  const { status, method, error, retryAfterMs } = answer;
  const body = answer.text.trim().slice(0, 200);
  const message = error?.message ?? (body === '' ? `HTTP ${status}` : body);
  const options = {
    code: error?.code ?? status,
    data: error?.data,
    status,
    method,
  };
  if (status === 401 || status === 403) {
    return new AuthError(message, options);
  }
  if (status === 402) {
    return new QuotaExceededError(message, options);
  }
  if (status === 429) {
    return new RateLimitError(message, {
      ...options,
      retryAfterMs: retryAfterMs ?? backoffFromData(error?.data),
    });
  }
  if (error && status !== 408 && status < 500) {
    return errorFromRpc(error, { method, status, retryAfterMs });
  }
  return new HttpError(message, options);
}

/**
 * Narrows a string known to be hex-ish to `Hex` for decoding.
 *
 * @param value - The string.
 * @returns The value when it starts with 0x, else '0x'.
 */
function toHex(value: string): Hex {
  return value.startsWith('0x') ? `0x${value.slice(2)}` : '0x';
}
