import type { GatewayClientOptions } from './client';
import { ConfigurationError } from './errors';
import type { NetworkPreset } from './networks';
import { findNetwork } from './networks';
import type { RetryOptions } from './retry';
import { DEFAULT_RETRY } from './retry';
import type { TransportOptions, WebSocketConstructor } from './transport';

/** Default time for one attempt. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Client options after defaults and checks. */
export type ResolvedOptions = {
  /** The API key as given. */
  apiKey: string;
  /** The network preset, when `network` was given. */
  preset: NetworkPreset | undefined;
  /** The preset's name, for messages. */
  networkName: string | undefined;
  /** The daily budget, if any. */
  dailyCredits: number | undefined;
  /** Retry options with defaults filled in. */
  retry: RetryOptions;
  /** Where and how to send. */
  transport: TransportOptions;
};

/**
 * Checks client options and fills in defaults, so that every configuration mistake is
 * reported when the client is created rather than on the first call.
 *
 * @param options - The options given.
 * @returns The resolved options.
 * @throws {ConfigurationError} Naming the option at fault.
 */
export function resolveOptions(options: GatewayClientOptions): ResolvedOptions {
  const { apiKey, network, transport = 'http' } = options;
  if (typeof apiKey !== 'string' || !/^[^\s/?#]+$/u.test(apiKey)) {
    throw new ConfigurationError(
      'apiKey must be a non-empty string without spaces, /, ? or #',
    );
  }
  if (transport !== 'http' && transport !== 'ws') {
    throw new ConfigurationError(`transport must be 'http' or 'ws'`);
  }
  if (network !== undefined && options.baseUrl !== undefined) {
    throw new ConfigurationError('give either network or baseUrl, not both');
  }
  const preset = network === undefined ? undefined : findNetwork(network);
  if (network !== undefined && !preset) {
    throw new ConfigurationError(`unknown network ${String(network)}`);
  }

  return {
    apiKey,
    preset,
    networkName: network,
    dailyCredits: options.dailyCredits,
    retry: checkNumbers(options),
    transport: transportOptions(options, transport, preset),
  };
}

// Checks timeoutMs, retry and dailyCredits, and fills in the retry defaults.
function checkNumbers(options: GatewayClientOptions): RetryOptions {
  assertNumber('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1);
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  assertNumber('retry.attempts', retry.attempts, 1);
  assertNumber('retry.baseDelayMs', retry.baseDelayMs, 0);
  assertNumber('retry.maxDelayMs', retry.maxDelayMs, 0);
  if (!Number.isInteger(retry.attempts)) {
    throw new ConfigurationError('retry.attempts must be an integer');
  }
  if (options.dailyCredits !== undefined) {
    assertNumber('dailyCredits', options.dailyCredits, 0);
  }
  return retry;
}

// The endpoint `{base_url}/v3/<KEY>` or `{ws_url}/ws/v3/<KEY>`, and how to reach it.
function transportOptions(
  options: GatewayClientOptions,
  transport: 'http' | 'ws',
  preset: NetworkPreset | undefined,
): TransportOptions {
  const key = encodeURIComponent(options.apiKey);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl ?? preset?.baseUrl;
  const wsUrl = options.wsUrl ?? preset?.wsUrl;
  const name = String(options.network);
  if (transport === 'http') {
    if (baseUrl === undefined) {
      throw new ConfigurationError('an HTTP client needs network or baseUrl');
    }
    const url = `${checkUrl('baseUrl', baseUrl, ['http:', 'https:'])}/v3/${key}`;
    return { kind: 'http', url, timeoutMs, fetch: options.fetch };
  }
  if (wsUrl === undefined || (preset && preset.family !== 'evm')) {
    throw new ConfigurationError(
      preset
        ? `network ${name} has no WebSocket endpoint: the gateway offers WebSocket only for the EVM lookups`
        : 'a WebSocket client needs wsUrl or an EVM network',
    );
  }
  const url = `${checkUrl('wsUrl', wsUrl, ['ws:', 'wss:'])}/ws/v3/${key}`;
  const socket = webSocketConstructor(options.WebSocket);
  return { kind: 'ws', url, timeoutMs, WebSocket: socket };
}

function assertNumber(name: string, value: unknown, minimum: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < minimum) {
    throw new ConfigurationError(`${name} must be a number ≥ ${minimum}`);
  }
}

function checkUrl(
  name: string,
  value: string | undefined,
  protocols: string[],
): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value ?? '');
  } catch (error) {
    throw new ConfigurationError(`${name} is not a URL`, { cause: error });
  }
  if (!protocols.includes(parsed.protocol) || parsed.search || parsed.hash) {
    throw new ConfigurationError(
      `${name} must be a ${protocols.join(' or ')} URL without query or fragment`,
    );
  }
  return (value ?? '').replace(/\/+$/u, '');
}

function webSocketConstructor(
  injected: WebSocketConstructor | undefined,
): WebSocketConstructor {
  if (injected) {
    return injected;
  }
  if (typeof globalThis.WebSocket === 'function') {
    return globalThis.WebSocket;
  }
  throw new ConfigurationError(
    'no global WebSocket (Node < 22): pass options.WebSocket, e.g. the ws package',
  );
}
