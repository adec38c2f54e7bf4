import {
  enums,
  integer,
  min,
  number,
  optional,
  refine,
  type,
  validate,
} from '@metamask/superstruct';
import { hasProperty } from '@metamask/utils';
import { MethodNotSupportedRpcError } from 'viem';

import { invalidParams } from '../errors';
import { METHOD_CREDITS } from './credits';
import type { NetworkPreset } from './networks';
import { GATEWAY_NETWORKS } from './networks';
import type { RetryOptions, TransportOptions } from './transport';
import { DEFAULT_RETRY } from './transport';
import type { GatewayClientOptions } from './types';

// The documented methods without a WebSocket endpoint.
const HTTP_ONLY = ['eth_call', 'simulateTransaction', 'getBlockProduction'];

const finite = refine(number(), 'finite', (value) => Number.isFinite(value));
// The other options; the key is checked apart, so that no error holds it.
const OptionsStruct = type({
  transport: optional(enums(['http', 'ws'])),
  timeoutMs: optional(min(finite, 1)),
  dailyCredits: optional(min(finite, 0)),
  retry: type({
    attempts: min(integer(), 1),
    baseDelayMs: min(finite, 0),
    maxDelayMs: min(finite, 0),
  }),
});

/** Client options after defaults and checks. */
export type ResolvedOptions = {
  retry: RetryOptions;
  preset: NetworkPreset | undefined;
  endpoint: TransportOptions;
  /** Throws viem's MethodNotSupportedRpcError for a method this client may not send. */
  guard: (method: string) => void;
};

/**
 * Checks client options and fills in defaults, so that configuration mistakes show
 * when the client is created rather than on the first call.
 *
 * @param options - The options given.
 * @returns The resolved options.
 * @throws {InvalidParamsError} Naming the option at fault (`field`).
 */
export function resolveOptions(options: GatewayClientOptions): ResolvedOptions {
  const { apiKey } = options;
  if (typeof apiKey !== 'string' || !/^[^\s/?#]+$/u.test(apiKey)) {
    const expected = 'not empty, no spaces, /, ? or #';
    throw invalidParams('apiKey', `expected the key as issued: ${expected}`);
  }
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const [error] = validate(
    { ...options, apiKey: undefined, retry },
    OptionsStruct,
  );
  if (error) {
    const [{ path, message } = error] = error.failures();
    throw invalidParams(path.join('.'), message, error);
  }
  const { network } = options;
  if (network !== undefined && options.baseUrl !== undefined) {
    throw invalidParams('baseUrl', 'give either network or baseUrl, not both');
  }
  const preset = Object.entries(GATEWAY_NETWORKS).find(
    ([name]) => name === network,
  )?.[1];
  if (network !== undefined && !preset) {
    throw invalidParams(
      'network',
      `unknown network ${String(network)}; see GATEWAY_NETWORKS, or give baseUrl`,
    );
  }
  const endpoint = endpointOf(options, preset);
  const ws = options.transport === 'ws';
  // A WebSocket client refuses the HTTP-only methods, and a preset's client the
  // documented (priced) methods of another family, before sending.
  const guard = (method: string): void => {
    const family = method.startsWith('eth_') ? 'evm' : 'solana';
    let reason: string | undefined;
    if (ws && HTTP_ONLY.includes(method)) {
      reason = `is not offered over WebSocket (only the EVM lookups are); use an HTTP client`;
    } else if (
      preset &&
      family !== preset.family &&
      hasProperty(METHOD_CREDITS, method)
    ) {
      reason = `is a ${family} method but ${network} is a ${preset.family} network`;
    }
    if (reason) {
      throw new MethodNotSupportedRpcError(new Error(`${method} ${reason}`), {
        method,
      });
    }
  };
  return { retry, preset, endpoint, guard };
}

// `{base_url}/v3/<KEY>` or `{ws_url}/ws/v3/<KEY>`, and how to reach it.
function endpointOf(
  options: GatewayClientOptions,
  preset: NetworkPreset | undefined,
): TransportOptions {
  const key = encodeURIComponent(options.apiKey);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const secrets = [options.apiKey, key];
  if (options.transport !== 'ws') {
    const baseUrl = options.baseUrl ?? preset?.baseUrl;
    if (baseUrl === undefined) {
      throw invalidParams('baseUrl', 'an HTTP client needs network or baseUrl');
    }
    const url = `${checkUrl('baseUrl', baseUrl, ['http:', 'https:'])}/v3/${key}`;
    return { url, timeoutMs, secrets, fetch: options.fetch };
  }
  const wsUrl = options.wsUrl ?? preset?.wsUrl;
  if (wsUrl === undefined || (preset && preset.family !== 'evm')) {
    throw invalidParams(
      preset ? 'network' : 'wsUrl',
      preset
        ? `${String(options.network)} has no WebSocket endpoint: the gateway offers WebSocket only for the EVM lookups`
        : 'a WebSocket client needs wsUrl or an EVM network',
    );
  }
  const url = `${checkUrl('wsUrl', wsUrl, ['ws:', 'wss:'])}/ws/v3/${key}`;
  return { url, timeoutMs, secrets };
}

function checkUrl(name: string, value: string, protocols: string[]): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !protocols.includes(url.protocol) || url.search || url.hash) {
    const expected = `a ${protocols.join(' or ')} URL without query or fragment`;
    throw invalidParams(name, `expected ${expected}`);
  }
  return value.replace(/\/+$/u, '');
}
