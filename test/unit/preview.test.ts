/**
 * The confirmation's reading of simulated traces, on hand-built traces that the trace
 * API's own schema (spec/starknet-rpc-v0.10.0) accepts: balance changes net over a
 * multicall, the fee transfer left out, legacy and Cairo 1 event layouts, approvals,
 * reverts, deployments.
 */
import { describe, expect, it } from '@jest/globals';
import { create } from '@metamask/superstruct';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hash } from 'starknet';

import type { Trace } from '../../src/starknet/review/preview';
import {
  APPROVAL_KEY,
  readPreview,
  TRANSFER_KEY,
  TraceStruct,
} from '../../src/starknet/review/preview';
import { describePreview } from '../../src/ui/describePreview';
import { formatSignedAmount, shorten } from '../../src/ui/format';
import { translator } from '../../src/ui/i18n';
import { PreviewSummary } from '../../src/ui/PreviewSummary';

const SPEC = resolve(__dirname, '..', '..', 'spec', 'starknet-rpc-v0.10.0');
const BASE = 'https://starknet-specs.invalid/';

/**
 * A validator of the trace API's TRANSACTION_TRACE, its `$ref`s into the read API
 * resolved.
 *
 * @returns The validator.
 */
function traceSchema(): (value: unknown) => boolean {
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const [id, file] of [
    [`${BASE}api/starknet_api_openrpc.json`, 'starknet_api_openrpc.json'],
    [
      `${BASE}starknet_trace_api_openrpc.json`,
      'starknet_trace_api_openrpc.json',
    ],
  ] as const) {
    ajv.addSchema({
      ...JSON.parse(readFileSync(join(SPEC, file), 'utf8')),
      $id: id,
    });
  }
  const validate = ajv.compile({
    $ref: `${BASE}starknet_trace_api_openrpc.json#/components/schemas/TRANSACTION_TRACE`,
  });
  return (value) => {
    const ok = validate(value);
    if (!ok) {
      throw new Error(JSON.stringify(validate.errors));
    }
    return ok;
  };
}

const isTrace = traceSchema();
const ACCOUNT = `0x${'a1'.padStart(64, '0')}`;
const OTHER = '0x777';
const SEQUENCER =
  '0x1176a1bd84444c89232ec27754698e5d2e7e1a7f1539f12027f28b23ec9f3d8';
const STRK =
  '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const PRV = '0x5e1';
const ONE = 10n ** 18n;
const wire = (value: bigint | string): string =>
  `0x${BigInt(value).toString(16)}`;
const u256 = (value: bigint): string[] => [
  wire(value % 2n ** 128n),
  wire(value / 2n ** 128n),
];

/**
 * A Cairo 1 `Transfer`/`Approval`: keys [selector, a, b], data [low, high].
 *
 * @param key - Event selector.
 * @param first - From / owner.
 * @param second - To / spender.
 * @param amount - Amount.
 * @returns The event.
 */
const event = (key: bigint, first: string, second: string, amount: bigint) => ({
  keys: [wire(key), wire(first), wire(second)],
  data: u256(amount),
});

let order = 0;

/**
 * A complete FUNCTION_INVOCATION, as a node writes it.
 *
 * @param contract - Its contract (the emitter of its events).
 * @param events - Its own events.
 * @param calls - Nested invocations.
 * @returns The JSON.
 */
function invocation(
  contract: string,
  events: { keys: string[]; data: string[] }[],
  calls: unknown[] = [],
) {
  return {
    contract_address: wire(contract),
    entry_point_selector: hash.getSelectorFromName('__execute__'),
    calldata: [],
    caller_address: '0x0',
    class_hash: '0x1',
    entry_point_type: 'EXTERNAL',
    call_type: 'CALL',
    result: [],
    calls,
    events: events.map((item) => ({ order: (order += 1), ...item })),
    messages: [],
    execution_resources: { l1_gas: 0, l2_gas: 10 },
    is_reverted: false,
  };
}

const FEE = invocation(STRK, [event(TRANSFER_KEY, ACCOUNT, SEQUENCER, 7n)]);
const RESOURCES = { l1_gas: 0, l1_data_gas: 128, l2_gas: 1000 };

/**
 * An invoke trace running the given nested calls, checked against the spec schema.
 *
 * @param calls - Nested invocations under `__execute__`.
 * @returns The trace as the snap reads it.
 */
function invokeTrace(calls: unknown[]): Trace {
  const trace = {
    type: 'INVOKE',
    execute_invocation: invocation(ACCOUNT, [], calls),
    fee_transfer_invocation: FEE,
    execution_resources: RESOURCES,
  };
  expect(isTrace(trace)).toBe(true);
  return create(trace, TraceStruct);
}

describe('readPreview', () => {
  it('counts a transfer, not the fee transfer', () => {
    const preview = readPreview(
      [
        invokeTrace([
          invocation(STRK, [
            event(TRANSFER_KEY, ACCOUNT, OTHER, (15n * ONE) / 10n),
          ]),
        ]),
      ],
      ACCOUNT,
    );
    expect([...preview.balanceChanges]).toStrictEqual([
      [`0x0${STRK.slice(2)}`, -(15n * ONE) / 10n],
    ]);
    expect(preview.revertReason).toBeUndefined();
  });

  it('nets a multicall and reads the emitter from the invocation, nested or legacy', () => {
    const preview = readPreview(
      [
        invokeTrace([
          invocation(STRK, [event(TRANSFER_KEY, ACCOUNT, OTHER, 2n * ONE)]),
          // A router calling the token: the token's invocation emits the event.
          invocation(
            OTHER,
            [],
            [invocation(STRK, [event(TRANSFER_KEY, OTHER, ACCOUNT, ONE / 2n)])],
          ),
          // An inner call that reverted and was caught changed nothing.
          {
            ...invocation(STRK, [event(TRANSFER_KEY, ACCOUNT, OTHER, ONE)]),
            is_reverted: true,
          },
          // Legacy layout: keys [selector], data [from, to, low, high].
          invocation(PRV, [
            {
              keys: [wire(TRANSFER_KEY)],
              data: [wire(OTHER), wire(ACCOUNT), ...u256(20_000_000n)],
            },
          ]),
        ]),
      ],
      ACCOUNT,
    );
    const tokens = {
      listed: [{ address: STRK, symbol: 'STRK', decimals: 18 }],
      unlisted: [{ address: PRV, symbol: 'PRV', decimals: 6 }],
    };
    expect(
      describePreview(preview, tokens, translator('en')).changes,
    ).toStrictEqual([
      { token: 'STRK', amount: '-1.5 STRK' },
      // Not on the user's list: its address, its own symbol only as a unit, unverified.
      {
        token: shorten(`0x${'5e1'.padStart(64, '0')}`),
        amount: '+20 PRV',
        unverified: true,
      },
    ]);
    expect(
      describePreview(preview, tokens, translator('fr')).changes[0]?.amount,
    ).toBe('-1,5 STRK');
  });

  it('keeps the approval the transaction emitted last, by event order, not tree walk', () => {
    // A token emitting its own Approval after a nested call that emitted another: the
    // nested one comes first (lower `order`) although a tree walk reads it second.
    const nested = invocation(STRK, [event(APPROVAL_KEY, ACCOUNT, OTHER, 3n)]);
    const outer = invocation(
      STRK,
      [event(APPROVAL_KEY, ACCOUNT, OTHER, 100n)],
      [nested],
    );
    expect(outer.events[0]?.order).toBeGreaterThan(
      nested.events[0]?.order ?? Infinity,
    );
    const preview = readPreview([invokeTrace([outer])], ACCOUNT);
    expect(preview.approvals).toStrictEqual([
      {
        token: `0x0${STRK.slice(2)}`,
        spender: `0x${'777'.padStart(64, '0')}`,
        amount: 100n,
      },
    ]);
  });

  it('shows the approvals the account grants, 2^128 and more as unlimited', () => {
    const preview = readPreview(
      [
        invokeTrace([
          invocation(STRK, [
            event(APPROVAL_KEY, ACCOUNT, OTHER, 2n ** 256n - 1n),
            event(APPROVAL_KEY, OTHER, ACCOUNT, 5n),
          ]),
          invocation(PRV, [event(APPROVAL_KEY, ACCOUNT, OTHER, 1_500_000n)]),
        ]),
      ],
      ACCOUNT,
    );
    expect(preview.balanceChanges.size).toBe(0);
    const shown = describePreview(
      preview,
      { listed: [{ address: PRV, symbol: 'PRV', decimals: 6 }], unlisted: [] },
      translator('en'),
    );
    expect(shown.approvals).toStrictEqual([
      {
        spender: `0x${'777'.padStart(64, '0')}`,
        spenderName: undefined,
        token: shorten(`0x0${STRK.slice(2)}`),
        amount: 'Unlimited',
        unlimited: true,
      },
      {
        spender: `0x${'777'.padStart(64, '0')}`,
        spenderName: undefined,
        token: 'PRV',
        amount: '1.5 PRV',
        unlimited: false,
      },
    ]);
  });

  it('gives the revert reason and no balance change of a reverted invoke', () => {
    const trace = {
      type: 'INVOKE',
      execute_invocation: { revert_reason: "Failure reason: 'no reward'." },
      fee_transfer_invocation: FEE,
      execution_resources: RESOURCES,
    };
    expect(isTrace(trace)).toBe(true);
    const preview = readPreview([create(trace, TraceStruct)], ACCOUNT);
    expect(preview.revertReason).toBe('no reward');
    expect(preview.balanceChanges.size).toBe(0);
  });

  it('adds what the deployment moves to what the invoke moves', () => {
    const deploy = {
      type: 'DEPLOY_ACCOUNT',
      constructor_invocation: invocation(
        ACCOUNT,
        [],
        [invocation(STRK, [event(TRANSFER_KEY, OTHER, ACCOUNT, ONE)])],
      ),
      fee_transfer_invocation: FEE,
      execution_resources: RESOURCES,
    };
    expect(isTrace(deploy)).toBe(true);
    const preview = readPreview(
      [
        create(deploy, TraceStruct),
        invokeTrace([
          invocation(STRK, [event(TRANSFER_KEY, ACCOUNT, OTHER, 3n * ONE)]),
        ]),
      ],
      ACCOUNT,
    );
    expect([...preview.balanceChanges.values()]).toStrictEqual([-2n * ONE]);
  });
});

describe('events the account itself emits (a call to itself hands it over)', () => {
  const named = (name: string, ...keys: string[]) => ({
    keys: [hash.getSelectorFromName(name), ...keys],
    data: [],
  });

  it('names an owner, guardian or class change, and leaves TransactionExecuted out', () => {
    const trace = {
      type: 'INVOKE',
      execute_invocation: invocation(ACCOUNT, [
        named('OwnerChanged', '0xbad'),
        named('GuardianChanged'),
        named('AccountUpgraded'),
        named('TransactionExecuted', '0x1'),
        named('SomethingElse'),
      ]),
      fee_transfer_invocation: FEE,
      execution_resources: RESOURCES,
    };
    expect(isTrace(trace)).toBe(true);
    const preview = readPreview([create(trace, TraceStruct)], ACCOUNT);
    expect(preview.accountChanges).toStrictEqual([
      'OwnerChanged',
      'GuardianChanged',
      'AccountUpgraded',
      hash.getSelectorFromName('SomethingElse'),
    ]);
    expect(preview.unreadEvents).toBe(0);
    const shown = describePreview(
      preview,
      { listed: [], unlisted: [] },
      translator('en'),
    );
    expect(shown.accountChanges).toContain('OwnerChanged');
    // Shown as a danger banner naming the changes.
    const rendered = JSON.stringify(
      PreviewSummary({
        translate: translator('en'),
        preview: shown,
        simulatedOn: 'node.example',
        account: ACCOUNT,
      }),
    );
    expect(rendered).toMatch(
      /"title":"This changes who controls your account","severity":"danger"/u,
    );
    expect(rendered).toContain(
      'OwnerChanged, GuardianChanged, AccountUpgraded',
    );
  });

  it("does not count the owner set by the wallet's own deployment", () => {
    const deploy = {
      type: 'DEPLOY_ACCOUNT',
      constructor_invocation: invocation(ACCOUNT, [
        named('AccountCreated', '0x5e1'),
        named('OwnerAdded', '0x5e1'),
      ]),
      fee_transfer_invocation: FEE,
      execution_resources: RESOURCES,
    };
    expect(isTrace(deploy)).toBe(true);
    const preview = readPreview(
      [create(deploy, TraceStruct), invokeTrace([])],
      ACCOUNT,
    );
    expect(preview.accountChanges).toStrictEqual([]);
  });
});

describe('formatSignedAmount', () => {
  it('writes signs and the locale decimal mark', () => {
    expect(formatSignedAmount(20_000_000n, 6, translator('en'))).toBe('+20');
    expect(formatSignedAmount(-1n, 18, translator('fr'))).toBe(
      '-0,000000000000000001',
    );
  });
});
