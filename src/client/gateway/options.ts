import type { RetryOptions } from './classify';
import { DEFAULT_RETRY } from './classify';
import type { GatewayClientOptions } from './client';
import { ConfigurationError } from './errors';
import type { NetworkPreset } from './networks';
import { findNetwork } from './networks';
import type { TransportOptions } from './transport';

/** Client options after defaults and checks. */
export type ResolvedOptions = {
  apiKey: string;
  preset: NetworkPreset | undefined;
  networkName: string | undefined;
  dailyCredits: number | undefined;
  retry: RetryOptions;
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
  const { apiKey, network, transport = 'http', dailyCredits } = options;
  const fail = (message: string): never => {
    throw new ConfigurationError(message);
  };
  if (typeof apiKey !== 'string' || !/^[^\s/?#]+$/u.test(apiKey)) {
    fail('apiKey must be a non-empty string without spaces, /, ? or #');
  }
  if (transport !== 'http' && transport !== 'ws') {
    fail(`transport must be 'http' or 'ws'`);
  }
  if (network !== undefined && options.baseUrl !== undefined) {
    fail('give either network or baseUrl, not both');
  }
  const preset = network === undefined ? undefined : findNetwork(network);
  if (network !== undefined && !preset) {
    fail(`unknown network ${String(network)}`);
  }
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const numbers: [string, unknown, number][] = [
    ['timeoutMs', options.timeoutMs ?? 1, 1],
    ['retry.attempts', retry.attempts, 1],
    ['retry.baseDelayMs', retry.baseDelayMs, 0],
    ['retry.maxDelayMs', retry.maxDelayMs, 0],
    ['dailyCredits', dailyCredits ?? 0, 0],
  ];
  for (const [name, value, minimum] of numbers) {
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < minimum
    ) {
      fail(`${name} must be a number ≥ ${minimum}`);
    }
  }
  if (!Number.isInteger(retry.attempts)) {
    fail('retry.attempts must be an integer');
  }
  const endpoint = transportOptions(options, transport, preset);
  return {
    apiKey,
    preset,
    networkName: network,
    dailyCredits,
    retry,
    transport: endpoint,
  };
}

// The endpoint `{base_url}/v3/<KEY>` or `{ws_url}/ws/v3/<KEY>`, and how to reach it.
function transportOptions(
  options: GatewayClientOptions,
  transport: 'http' | 'ws',
  preset: NetworkPreset | undefined,
): TransportOptions {
  const key = encodeURIComponent(options.apiKey);
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (transport === 'http') {
    const baseUrl = options.baseUrl ?? preset?.baseUrl;
    if (baseUrl === undefined) {
      throw new ConfigurationError('an HTTP client needs network or baseUrl');
    }
    const url = `${checkUrl('baseUrl', baseUrl, ['http:', 'https:'])}/v3/${key}`;
    return { kind: 'http', url, timeoutMs, fetch: options.fetch };
  }
  const wsUrl = options.wsUrl ?? preset?.wsUrl;
  if (wsUrl === undefined || (preset && preset.family !== 'evm')) {
    throw new ConfigurationError(
      preset
        ? `network ${String(options.network)} has no WebSocket endpoint: the gateway offers WebSocket only for the EVM lookups`
        : 'a WebSocket client needs wsUrl or an EVM network',
    );
  }
  const url = `${checkUrl('wsUrl', wsUrl, ['ws:', 'wss:'])}/ws/v3/${key}`;
  const socket = options.WebSocket ?? globalThis.WebSocket;
  if (typeof socket !== 'function') {
    throw new ConfigurationError(
      'no global WebSocket (Node < 22): pass options.WebSocket, e.g. the ws package',
    );
  }
  return { kind: 'ws', url, timeoutMs, WebSocket: socket };
}

function checkUrl(name: string, value: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch (error) {
    throw new ConfigurationError(`${name} is not a URL`, { cause: error });
  }
  if (!protocols.includes(parsed.protocol) || parsed.search || parsed.hash) {
    throw new ConfigurationError(
      `${name} must be a ${protocols.join(' or ')} URL without query or fragment`,
    );
  }
  return value.replace(/\/+$/u, '');
}
