import type { Infer, Struct } from '@metamask/superstruct';
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
  string,
  tuple,
  type,
  union,
  unknown,
} from '@metamask/superstruct';

import type { GatewayContext } from '../context';
import { InvalidParamsError } from '../errors';
import {
  Base58PubkeyStruct,
  CommitmentStruct,
  ParsedJsonStruct,
  SlotStruct,
  SolanaContextStruct,
} from '../structs';
import { assertParam } from '../validate';

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

const Base64Struct = pattern(
  nonempty(string()),
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/u,
);
const Base58Struct = pattern(nonempty(string()), /^[1-9A-HJ-NP-Za-km-z]+$/u);

/** An account of `value.accounts`. */
export const SimulatedAccountStruct = type({
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
    context: SolanaContextStruct,
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
  const checked =
    config === undefined
      ? undefined
      : assertParam(SimulateTransactionConfigStruct, config, method, 'config');
  if (checked?.sigVerify && checked.replaceRecentBlockhash) {
    throw new InvalidParamsError(
      'sigVerify may not be used with replaceRecentBlockhash',
      { method },
    );
  }
  assertParam(
    transactionStruct(checked?.encoding),
    transaction,
    method,
    'transaction',
  );
  if (checked?.encoding === 'base58') {
    context.warn(
      'simulateTransaction: encoding "base58" is deprecated; use "base64"',
    );
  }
  const params = checked ? [transaction, checked] : [transaction];
  return context.send(method, params, SimulationResultStruct);
}

/**
 * The alphabet check for the encoded transaction.
 *
 * @param encoding - The configured encoding, if any.
 * @returns The struct for that encoding; either one when none is configured.
 */
function transactionStruct(
  encoding: 'base58' | 'base64' | undefined,
): Struct<string, unknown> {
  if (encoding === 'base58') {
    return Base58Struct;
  }
  return encoding === 'base64'
    ? Base64Struct
    : union([Base64Struct, Base58Struct]);
}
