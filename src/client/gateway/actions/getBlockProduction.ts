import type { Infer } from '@metamask/superstruct';
import { object, optional, record, tuple, type } from '@metamask/superstruct';

import type { GatewayContext } from '../context';
import { InvalidParamsError } from '../errors';
import {
  Base58PubkeyStruct,
  CommitmentStruct,
  SlotStruct,
  SolanaContextStruct,
} from '../structs';
import { assertParam } from '../validate';

/** getBlockProduction's config object. Unknown members are refused. */
export const GetBlockProductionConfigStruct = object({
  commitment: optional(CommitmentStruct),
  range: optional(
    object({
      firstSlot: optional(SlotStruct),
      lastSlot: optional(SlotStruct),
    }),
  ),
  identity: optional(Base58PubkeyStruct),
});

/** getBlockProduction's config. */
export type GetBlockProductionConfig = Infer<
  typeof GetBlockProductionConfigStruct
>;

/** The block production result. */
export const BlockProductionResultStruct = type({
  context: SolanaContextStruct,
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
  const method = 'getBlockProduction';
  const checked =
    config === undefined
      ? undefined
      : assertParam(GetBlockProductionConfigStruct, config, method, 'config');
  const firstSlot = checked?.range?.firstSlot;
  const lastSlot = checked?.range?.lastSlot;
  if (
    firstSlot !== undefined &&
    lastSlot !== undefined &&
    lastSlot < firstSlot
  ) {
    throw new InvalidParamsError(
      `getBlockProduction: range.lastSlot (${lastSlot}) is below range.firstSlot (${firstSlot})`,
      { method },
    );
  }
  return context.send(
    method,
    checked ? [checked] : [],
    BlockProductionResultStruct,
  );
}
