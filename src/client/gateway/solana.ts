import type { Infer } from '@metamask/superstruct';
import {
  array,
  boolean,
  define,
  enums,
  integer,
  literal,
  min,
  nonempty,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  string,
  tuple,
  type,
  union,
  unknown,
} from '@metamask/superstruct';
import type { Json } from '@metamask/utils';

import { InvalidParamsError } from '../errors';
import { check } from './errors';
import type { Typed } from './types';

const PubkeyStruct = pattern(string(), /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u);
const SlotStruct = min(integer(), 0);
const CommitmentStruct = enums(['finalized', 'confirmed', 'processed']);
const ContextStruct = type({ slot: SlotStruct, apiVersion: string() });
const JsonStruct = define<Json>('Json', (value) => value !== undefined);
const Base64Struct = pattern(
  nonempty(string()),
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/u,
);
const Base58Struct = pattern(nonempty(string()), /^[1-9A-HJ-NP-Za-km-z]+$/u);
const TRANSACTION = {
  base58: Base58Struct,
  base64: Base64Struct,
  either: union([Base64Struct, Base58Struct]),
};

/** simulateTransaction's config object. Unknown members are refused. */
export const SimulateTransactionConfigStruct = object({
  commitment: optional(CommitmentStruct),
  sigVerify: optional(boolean()),
  replaceRecentBlockhash: optional(boolean()),
  encoding: optional(enums(['base58', 'base64'])),
  minContextSlot: optional(SlotStruct),
  innerInstructions: optional(boolean()),
  accounts: optional(
    object({
      addresses: optional(array(PubkeyStruct)),
      encoding: optional(
        enums(['base58', 'base64', 'base64+zstd', 'jsonParsed']),
      ),
    }),
  ),
});
/** simulateTransaction's config. */
export type SimulateTransactionConfig = Infer<
  typeof SimulateTransactionConfigStruct
>;

const AccountStruct = type({
  data: union([
    string(),
    tuple([string(), string()]),
    type({ program: string(), parsed: unknown() }),
  ]),
  executable: boolean(),
  lamports: min(number(), 0),
  owner: PubkeyStruct,
  rentEpoch: min(number(), 0),
  space: optional(min(integer(), 0)),
});

/** The simulation result, or null when the account does not exist. */
export const SimulationResultStruct = nullable(
  type({
    context: ContextStruct,
    value: type({
      // The wire name of the simulation's error.
      // eslint-disable-next-line id-denylist
      err: nullable(JsonStruct),
      logs: nullable(array(string())),
      accounts: optional(nullable(array(nullable(AccountStruct)))),
      unitsConsumed: optional(min(integer(), 0)),
      returnData: optional(
        nullable(
          type({
            programId: PubkeyStruct,
            data: tuple([string(), literal('base64')]),
          }),
        ),
      ),
      innerInstructions: optional(nullable(array(JsonStruct))),
    }),
  }),
);
/** A simulation result. */
export type SimulationResult = Infer<typeof SimulationResultStruct>;

/** getBlockProduction's config object. Unknown members are refused. */
export const GetBlockProductionConfigStruct = object({
  commitment: optional(CommitmentStruct),
  range: optional(
    object({ firstSlot: optional(SlotStruct), lastSlot: optional(SlotStruct) }),
  ),
  identity: optional(PubkeyStruct),
});
/** getBlockProduction's config. */
export type GetBlockProductionConfig = Infer<
  typeof GetBlockProductionConfigStruct
>;

/** The block production result. */
export const BlockProductionResultStruct = type({
  context: ContextStruct,
  value: type({
    byIdentity: record(PubkeyStruct, tuple([SlotStruct, SlotStruct])),
    range: type({ firstSlot: SlotStruct, lastSlot: SlotStruct }),
  }),
});
/** Block production statistics. */
export type BlockProductionResult = Infer<typeof BlockProductionResultStruct>;

/** The Solana methods of a client. */
export type SolanaMethods = {
  /** simulateTransaction (160 credits); null when the account does not exist. */
  simulateTransaction(
    transaction: string,
    config?: SimulateTransactionConfig,
  ): Promise<SimulationResult>;
  /** getBlockProduction (160 credits). */
  getBlockProduction(
    config?: GetBlockProductionConfig,
  ): Promise<BlockProductionResult>;
};

/**
 * The Solana methods, with the interface's rules: sigVerify with replaceRecentBlockhash
 * is refused with the node's message; base58 is accepted with a deprecation warning.
 *
 * @param typed - Makes a typed method.
 * @param warn - Receives deprecation warnings.
 * @returns The methods.
 */
export function solanaMethods(
  typed: Typed,
  warn: (message: string) => void,
): SolanaMethods {
  const simulate = (
    method: string,
    transaction: string,
    config?: SimulateTransactionConfig,
  ): unknown[] => {
    const Config = optional(SimulateTransactionConfigStruct);
    const checked = check(Config, config, method, 'config');
    if (checked?.sigVerify && checked.replaceRecentBlockhash) {
      const message = 'sigVerify may not be used with replaceRecentBlockhash';
      throw new InvalidParamsError(message, {
        method,
        data: { field: 'config.sigVerify' },
      });
    }
    const encoding = checked?.encoding ?? 'either';
    check(TRANSACTION[encoding], transaction, method, 'transaction');
    if (encoding === 'base58') {
      warn(`${method}: encoding "base58" is deprecated; use "base64"`);
    }
    return checked ? [transaction, checked] : [transaction];
  };
  const production = (
    method: string,
    config?: GetBlockProductionConfig,
  ): unknown[] => {
    const Config = optional(GetBlockProductionConfigStruct);
    const checked = check(Config, config, method, 'config');
    const { firstSlot = 0, lastSlot = Infinity } = checked?.range ?? {};
    if (lastSlot < firstSlot) {
      throw new InvalidParamsError(
        `${method}: range.lastSlot (${lastSlot}) is below range.firstSlot (${firstSlot})`,
        { method, data: { field: 'config.range.lastSlot' } },
      );
    }
    return checked ? [checked] : [];
  };
  return {
    simulateTransaction: typed(
      'simulateTransaction',
      simulate,
      (value, method) => check(SimulationResultStruct, value, method),
    ),
    getBlockProduction: typed(
      'getBlockProduction',
      production,
      (value, method) => check(BlockProductionResultStruct, value, method),
    ),
  };
}
