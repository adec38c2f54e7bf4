/**
 * Property-based fuzzing of every snapnet_* method's params through the snap's own
 * dispatcher (validation, context, error mapping), at volume: 200 generated malformed
 * requests per method. Each must be refused with -32602 whose `data.field` (and
 * message) names the broken field — 112 for an unknown chain id, 114 otherwise — and
 * nothing may happen besides: no wallet call (`snap.request`), no node call (`fetch`),
 * no state write, no prototype pollution.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SnapError } from '@metamask/snaps-sdk';
import type { Json } from '@metamask/utils';
import * as fc from 'fast-check';

import type { MethodName } from '../../src/api/methods';
import { methods } from '../../src/api/methods';
import { toSnapError, withErrorBoundary } from '../../src/errors';
import { dispatch as route } from '../../src/rpc/dispatch';
import { parseParams } from '../../src/rpc/params';
import type { SendLock } from '../../src/rpc/sendLock';
import type { Store } from '../../src/state/store';
import { defaultState } from '../../src/state/store';
import type { MalformedCase } from '../fixtures/malformedParams';
import {
  malformedCases,
  namesField,
  paramsStructOf,
} from '../fixtures/malformedParams';
import { VALID_PARAMS } from '../fixtures/validParams';

// The dispatcher behind the snap's error boundary, as onRpcRequest runs it.
const dispatch = withErrorBoundary(route);

const RUNS = 200;
const METHODS = Object.keys(methods) as MethodName[];

/** What the fuzzed requests tried to do outside the dispatcher. */
const effects = { wallet: 0, fetch: 0, writes: 0 };

const store: Store = {
  read: async () => defaultState(),
  update: async () => {
    effects.writes += 1;
    throw new Error('a malformed request wrote state');
  },
  rewriteStored: async () => {
    effects.writes += 1;
    throw new Error('a malformed request rewrote state');
  },
};

const sendLock: SendLock = {
  exclusive: async () => {
    effects.writes += 1;
    throw new Error('a malformed request started sending');
  },
};

const originalFetch = globalThis.fetch;
const exportOrigins = process.env.SNAPNET_KEY_EXPORT_ORIGINS;

beforeAll(() => {
  // Lets the fuzz origin reach snapnet_displayPrivateKey's params (the build-time
  // setting is read on each request).
  process.env.SNAPNET_KEY_EXPORT_ORIGINS = 'https://fuzz.example';
  Reflect.set(globalThis, 'snap', {
    request: async () => {
      effects.wallet += 1;
      throw new Error('a malformed request reached the wallet');
    },
  });
  globalThis.fetch = async () => {
    effects.fetch += 1;
    throw new Error('a malformed request reached the node');
  };
});

afterAll(() => {
  if (exportOrigins === undefined) {
    Reflect.deleteProperty(process.env, 'SNAPNET_KEY_EXPORT_ORIGINS');
  } else {
    process.env.SNAPNET_KEY_EXPORT_ORIGINS = exportOrigins;
  }
  Reflect.deleteProperty(globalThis, 'snap');
  globalThis.fetch = originalFetch;
});

/**
 * Runs one case through `dispatch`, returning the JSON-RPC error it was refused with.
 *
 * @param method - The method.
 * @param params - Its (malformed) params.
 * @returns The error's code, message and data.
 */
async function refusal(
  method: MethodName,
  params: Json,
): Promise<{ code: number; message: string; data: Record<string, Json> }> {
  try {
    await dispatch({
      origin: 'https://fuzz.example',
      method,
      // The dispatcher receives whatever the wallet forwards; here even non-objects.
      params: params as Record<string, Json>,
      store,
      sendLock,
    });
  } catch (error) {
    if (!(error instanceof SnapError)) {
      throw new Error(`${method} threw a non-snap error: ${String(error)}`);
    }
    return { code: error.code, message: error.message, data: error.data ?? {} };
  }
  throw new Error(`${method} accepted ${JSON.stringify(params)}`);
}

/**
 * Checks one refusal against its case.
 *
 * @param item - The case.
 * @param error - The refusal.
 * @param error.code - JSON-RPC code.
 * @param error.message - Message.
 * @param error.data - Error data.
 */
function expectNamed(
  item: MalformedCase,
  error: { code: number; message: string; data: Record<string, Json> },
): void {
  const context = `${item.kind} ${JSON.stringify(item.params).slice(0, 300)} → ${JSON.stringify(error).slice(0, 300)}`;
  expect({ context, code: error.code }).toStrictEqual({
    context,
    code: -32602,
  });
  expect({
    context,
    named: namesField(error.data.field, item.field),
  }).toStrictEqual({
    context,
    named: true,
  });
  expect(error.message).toContain(
    typeof error.data.field === 'string' ? error.data.field : '(no field)',
  );
  expect(error.data.walletRpcError).toMatchObject({ code: item.walletCode });
}

/**
 * The code `parseParams` alone refuses params with, once mapped by `toSnapError`.
 *
 * @param method - The method.
 * @param params - Its params.
 * @returns The JSON-RPC code, or null when validation accepted them.
 */
function validationCode(method: MethodName, params: Json): number | null {
  try {
    // Non-object params on purpose: the dispatcher must refuse them too.
    parseParams(paramsStructOf(method), params as Record<string, Json>);
  } catch (error) {
    const mapped = toSnapError(error);
    return mapped instanceof SnapError ? mapped.code : 0;
  }
  return null;
}

describe('fuzzed params through the dispatcher', () => {
  it('covers every method of the contract with a valid baseline', () => {
    expect(METHODS).toHaveLength(26);
    for (const method of METHODS) {
      expect(() =>
        parseParams(paramsStructOf(method), VALID_PARAMS[method]),
      ).not.toThrow();
    }
  });

  it.each(METHODS)(
    '%s: 200 malformed requests → -32602 naming the field, no effect',
    async (method) => {
      const seen = new Set<string>();
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(malformedCases(method), async (item) => {
          runs += 1;
          seen.add(item.kind);
          expectNamed(item, await refusal(method, item.params));
          // Validation alone (an unknown chain id passes it) maps the same way.
          expect(
            item.kind === 'unknownChain'
              ? -32602
              : validationCode(method, item.params),
          ).toBe(-32602);
          expect(Object.prototype).not.toHaveProperty('polluted');
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      expect(seen.has('value')).toBe(method !== 'snapnet_getCurrentNetwork');
      expect(seen.has('unknownKey')).toBe(true);
      expect(effects).toStrictEqual({ wallet: 0, fetch: 0, writes: 0 });
    },
  );
});
