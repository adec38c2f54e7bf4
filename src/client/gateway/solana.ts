import type { Infer } from '@metamask/superstruct';
import {
  array,
  boolean,
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

import { InvalidParamsError } from './errors';
import type { GatewayContext } from './structs';
import { check, ParsedJsonStruct } from './structs';

// The Solana methods the gateway documents, sent over the same transport as the EVM
// ones, with superstruct checks of their inputs and results.

const Base58PubkeyStruct = pattern(string(), /^[1-9A-HJ-NP-Za-km-z]{32,44}$/u);
const SlotStruct = min(integer(), 0);
const CommitmentStruct = enums(['finalized', 'confirmed', 'processed']);
const ContextStruct = type({ slot: SlotStruct, apiVersion: string() });
const Base64Struct = pattern(
  nonempty(string()),
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/u,
);
const Base58Struct = pattern(nonempty(string()), /^[1-9A-HJ-NP-Za-km-z]+$/u);
const TransactionStructs = {
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
      addresses: optional(array(Base58PubkeyStruct)),
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

const SimulateConfigOrNone = optional(SimulateTransactionConfigStruct);

const SimulatedAccountStruct = type({
  data: union([
    string(),
    tuple([string(), string()]),
    type({ program: string(), parsed: unknown() }),
  ]),
  executable: boolean(),
  lamports: min(number(), 0),
  owner: Base58PubkeyStruct,
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
      err: nullable(ParsedJsonStruct),
      logs: nullable(array(string())),
      accounts: optional(nullable(array(nullable(SimulatedAccountStruct)))),
      unitsConsumed: optional(min(integer(), 0)),
      returnData: optional(
        nullable(
          type({
            programId: Base58PubkeyStruct,
            data: tuple([string(), literal('base64')]),
          }),
        ),
      ),
      innerInstructions: optional(nullable(array(ParsedJsonStruct))),
    }),
  }),
);
/** A simulation result. */
export type SimulationResult = Infer<typeof SimulationResultStruct>;

/**
 * Runs an encoded transaction without sending it (simulateTransaction, 160 credits).
 * A failed simulation is a result (value.err set), not an error.
 *
 * @param context - The client context.
 * @param transaction - The encoded transaction (base64, or base58 if so configured).
 * @param config - Commitment, sigVerify, encoding, accounts, … .
 * @returns The result, or null when the account does not exist.
 * @throws {InvalidParamsError} For a malformed transaction or config, or sigVerify with
 * replaceRecentBlockhash (the node's own message), before anything is sent.
 */
export async function simulateTransaction(
  context: GatewayContext,
  transaction: string,
  config?: SimulateTransactionConfig,
): Promise<SimulationResult> {
  const method = 'simulateTransaction';
  const checked = check(SimulateConfigOrNone, config, method, 'config');
  if (checked?.sigVerify && checked.replaceRecentBlockhash) {
    throw new InvalidParamsError(
      'sigVerify may not be used with replaceRecentBlockhash',
      { method },
    );
  }
  const encoding = checked?.encoding ?? 'either';
  check(TransactionStructs[encoding], transaction, method, 'transaction');
  if (encoding === 'base58') {
    context.warn(`${method}: encoding "base58" is deprecated; use "base64"`);
  }
  const params = checked ? [transaction, checked] : [transaction];
  return context.send(method, params, SimulationResultStruct);
}

/** getBlockProduction's config object. Unknown members are refused. */
export const GetBlockProductionConfigStruct = object({
  commitment: optional(CommitmentStruct),
  range: optional(
    object({ firstSlot: optional(SlotStruct), lastSlot: optional(SlotStruct) }),
  ),
  identity: optional(Base58PubkeyStruct),
});
const ProductionConfigOrNone = optional(GetBlockProductionConfigStruct);
const BLOCK_PRODUCTION = 'getBlockProduction';
/** getBlockProduction's config. */
export type GetBlockProductionConfig = Infer<
  typeof GetBlockProductionConfigStruct
>;

/** The block production result. */
export const BlockProductionResultStruct = type({
  context: ContextStruct,
  value: type({
    byIdentity: record(Base58PubkeyStruct, tuple([SlotStruct, SlotStruct])),
    range: type({ firstSlot: SlotStruct, lastSlot: SlotStruct }),
  }),
});
/** Block production statistics. */
export type BlockProductionResult = Infer<typeof BlockProductionResultStruct>;

/**
 * Reads block production statistics of the current or a given slot range
 * (getBlockProduction, 160 credits).
 *
 * @param context - The client context.
 * @param config - Commitment, range and identity.
 * @returns Leader slots and blocks produced per validator identity.
 * @throws {InvalidParamsError} For a malformed config or range.lastSlot below
 * range.firstSlot, before anything is sent.
 */
export async function getBlockProduction(
  context: GatewayContext,
  config?: GetBlockProductionConfig,
): Promise<BlockProductionResult> {
  const checked = check(
    ProductionConfigOrNone,
    config,
    BLOCK_PRODUCTION,
    'config',
  );
  const { firstSlot = 0, lastSlot = Infinity } = checked?.range ?? {};
  if (lastSlot < firstSlot) {
    throw new InvalidParamsError(
      `${BLOCK_PRODUCTION}: range.lastSlot (${lastSlot}) is below range.firstSlot (${firstSlot})`,
      { method: BLOCK_PRODUCTION },
    );
  }
  return context.send(
    BLOCK_PRODUCTION,
    checked ? [checked] : [],
    BlockProductionResultStruct,
  );
}
