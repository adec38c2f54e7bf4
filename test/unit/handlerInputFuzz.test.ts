/**
 * Fuzzing of what the params structs let through to the handlers: SNIP-12 typed data
 * (signMessage, verifySignedMessage), signatures, and calls with the dapp's ABIs
 * (executeTxn's dialog). Whatever a dapp sends, the snap either accepts it and renders
 * a valid dialog, or throws InvalidField naming the field (→ -32602); never another
 * error, which would reach the dapp as -32603.
 */
import { describe, expect, it } from '@jest/globals';
import { assertJSXElement } from '@metamask/snaps-sdk/jsx';
import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';
import * as fc from 'fast-check';

import { InvalidField } from '../../src/errors';
import { STRK } from '../../src/fakeNode/constants';
import { requireNetwork } from '../../src/rpc/context';
import { readSignature } from '../../src/starknet/accounts/signature';
import { SEPOLIA_CHAIN_ID } from '../../src/starknet/node/networks';
import {
  assertDomainNetwork,
  readTypedData,
} from '../../src/starknet/review/typedData';
import { knownTokens } from '../../src/starknet/tokens/tokens';
import type { DappAbis } from '../../src/ui/describeCalls';
import { describeCalls } from '../../src/ui/describeCalls';
import { describeTypedData } from '../../src/ui/describeTypedData';
import { ExecuteTxnDialog } from '../../src/ui/ExecuteTxnDialog';
import { translator } from '../../src/ui/i18n';
import { SignMessageDialog } from '../../src/ui/SignMessageDialog';
import { pathsOf, withValueAt } from '../fixtures/jsonEdit';
import { junk } from '../fixtures/malformedParams';
import { MAIL_REV0, MAIL_REV1 } from '../fixtures/typedData';

const RUNS = 300;
const SIGNER = `0x0${'1'.repeat(63)}`;
const network = requireNetwork(SEPOLIA_CHAIN_ID);

/** Domain chain ids a dapp could write: names, long or non-ASCII text, numbers. */
const chainIds: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>('SN_MAIN', 'SN_SEPOLIA', 'sn_sepolia', '', '0x', 0),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .bigInt({ min: 0n, max: 2n ** 300n })
    .map((value) => `0x${value.toString(16)}`),
);

/** Typed data with one value replaced somewhere, as an object or as JSON text. */
const typedDataInputs = fc
  .tuple(
    fc.constantFrom<Json>(MAIL_REV1, MAIL_REV0),
    fc.boolean(),
    fc.boolean(),
  )
  .chain(([base, asText, onChainId]) =>
    (onChainId
      ? chainIds.map((value) => withValueAt(base, ['domain', 'chainId'], value))
      : fc
          .tuple(fc.constantFrom(...pathsOf(base)), junk)
          .map(([path, value]) => withValueAt(base, path, value))
    ).map((data) => (asText ? JSON.stringify(data) : data)),
  );

/**
 * Runs what signMessage does before asking the user: read, check the domain, render.
 *
 * @param input - The typedDataMessage param.
 * @returns The rendered dialog.
 */
function prepareSignature(input: Json): unknown {
  if (typeof input !== 'string' && !isObject(input)) {
    throw new Error('the params struct admits strings and objects only');
  }
  const { data } = readTypedData(input, SIGNER);
  assertDomainNetwork(data, network);
  const shown = describeTypedData(data);
  const dialog = SignMessageDialog({
    translate: translator('en'),
    origin: 'https://fuzz.example',
    network,
    signer: SIGNER,
    primaryType: data.primaryType,
    domain: shown.domain,
    message: shown.message,
  });
  assertJSXElement(dialog);
  return dialog;
}

/**
 * Describes a failure for an assertion message.
 *
 * @param error - What was thrown.
 * @returns Its name and message.
 */
function describeError(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message}`
    : JSON.stringify(error);
}

/**
 * Runs `task`, returning what it threw (undefined when it did not throw).
 *
 * @param task - The task.
 * @returns The thrown value.
 */
function thrownBy(task: () => unknown): unknown {
  try {
    task();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('typed data and signatures a dapp may send', () => {
  it('reads fuzzed typed data into a valid dialog or refuses it naming typedDataMessage', () => {
    const outcomes = new Set<string>();
    fc.assert(
      fc.property(typedDataInputs, (input) => {
        const error = thrownBy(() => prepareSignature(input));
        outcomes.add(error === undefined ? 'accepted' : 'refused');
        expect(
          error === undefined || error instanceof InvalidField
            ? 'refused naming a field, or accepted'
            : describeError(error),
        ).toBe('refused naming a field, or accepted');
        expect(
          error instanceof InvalidField ? error.path.split('.')[0] : 'accepted',
        ).toMatch(/^(typedDataMessage|accepted)$/u);
      }),
      { numRuns: RUNS },
    );
    // Both branches are exercised: some mutations keep the data valid.
    expect([...outcomes].sort()).toStrictEqual(['accepted', 'refused']);
  });

  it('reads fuzzed signatures or refuses them naming signature', () => {
    const signatures = fc.oneof(
      fc.string({ maxLength: 140 }),
      fc
        .string({
          unit: fc.constantFrom(...'0123456789abcdef'),
          maxLength: 140,
        })
        .map((digits) => `0x${digits}`),
      fc.array(fc.string({ maxLength: 70 }), { maxLength: 3 }),
      fc
        .array(fc.bigInt({ min: 0n, max: 2n ** 260n }), { maxLength: 3 })
        .map((values) => values.map((value) => `0x${value.toString(16)}`)),
      fc
        .array(fc.string(), { maxLength: 3 })
        .map((parts) => JSON.stringify(parts)),
    );
    fc.assert(
      fc.property(signatures, (signature) => {
        const error = thrownBy(() => readSignature(signature));
        expect(
          error === undefined || error instanceof InvalidField
            ? 'refused naming a field, or accepted'
            : describeError(error),
        ).toBe('refused naming a field, or accepted');
        expect(error instanceof InvalidField ? error.path : 'signature').toBe(
          'signature',
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('describes fuzzed calls with fuzzed ABIs into a valid executeTxn dialog', () => {
    const felt = fc.oneof(
      fc
        .bigInt({ min: 0n, max: 2n ** 251n })
        .map((value) => `0x${value.toString(16)}`),
      fc.bigInt({ min: 0n, max: 2n ** 200n }).map(String),
    );
    const names = fc.oneof(
      fc.constantFrom(
        'transfer',
        'approve',
        'toString',
        '__proto__',
        'constructor',
      ),
      fc.string({ minLength: 1, maxLength: 40 }),
    );
    const types = fc.oneof(
      fc.constantFrom(
        'felt',
        'core::integer::u256',
        'Uint256',
        'toString',
        '__proto__',
      ),
      fc.string({ maxLength: 20 }),
    );
    const abiItem = fc.oneof(
      fc.record({
        type: fc.constantFrom('function', 'interface', 'event'),
        name: names,
        inputs: fc.array(
          fc.oneof(
            fc.record({ name: fc.string({ maxLength: 10 }), type: types }),
            junk,
          ),
          { maxLength: 4 },
        ),
      }),
      junk,
    );
    const abi = fc.array(abiItem, { maxLength: 4 });
    const abis: fc.Arbitrary<DappAbis> = fc.oneof(
      abi,
      fc.dictionary(fc.constantFrom(STRK, '0x1', 'zz', '__proto__'), abi, {
        maxKeys: 2,
      }),
    );
    const call = fc.record({
      contractAddress: fc.constantFrom(STRK, SIGNER),
      entrypoint: names,
      calldata: fc.array(felt, { maxLength: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(call, { minLength: 1, maxLength: 3 }),
        abis,
        (calls, given) => {
          const dialog = ExecuteTxnDialog({
            translate: translator('en'),
            origin: 'https://fuzz.example',
            network,
            sender: SIGNER,
            content: {
              calls: describeCalls(calls, knownTokens(SEPOLIA_CHAIN_ID), given),
              preview: undefined,
              simulatedOn: 'node.example',
              account: SIGNER,
            },
            includesDeploy: false,
            fee: '0.1 STRK',
            maxFee: '0.2 STRK',
          });
          expect(() => assertJSXElement(dialog)).not.toThrow();
        },
      ),
      { numRuns: RUNS },
    );
  });
});
