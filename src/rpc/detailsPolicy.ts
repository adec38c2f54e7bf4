import type { Json } from '@metamask/utils';

import type { TransactionDetails } from '../api/transaction';
import { InvalidField } from '../errors';
import type { RpcContext } from './context';

/** The details' data availability modes: the Starknet OS takes L1 only. */
const DA_MODE_FIELDS = [
  'nonceDataAvailabilityMode',
  'feeDataAvailabilityMode',
] as const;

/**
 * Refuses the transaction details a confirmation could not show truthfully, whatever
 * the method: `maxFee` (V1's; a V3 transaction has none, so taking it silently would
 * let a page believe it capped the fee), and non-empty `paymasterData` and
 * `accountDeploymentData`, which the hash signs but no dialog shows (Starknet does not
 * use deployment data yet; snapnet deploys an account with its own deploy_account), and a
 * data availability mode other than L1, which the gateway refuses (its stateless
 * validator: "Invalid nonce data availability mode.", error 63) only after signing.
 * Only the snap checks this: the dapp clients' structs stay as small as they are.
 *
 * @param details - The dapp's details, if any.
 * @param field - Their param name, for the error.
 * @throws InvalidField naming the field and what to do.
 */
export function assertDetailsShown(
  details: TransactionDetails | undefined,
  field: string,
): void {
  if (details?.maxFee !== undefined) {
    throw new InvalidField(
      `${field}.maxFee`,
      'is not a V3 field (V3 transactions have no max fee): omit it; resourceBounds bound the fee, in STRK',
    );
  }
  if (details?.paymasterData?.length) {
    throw new InvalidField(
      `${field}.paymasterData`,
      'must be empty or omitted: the confirmation cannot show paymaster data, so snapnet does not sign it',
    );
  }
  for (const mode of DA_MODE_FIELDS) {
    if (details?.[mode] !== undefined && details[mode] !== 'L1') {
      throw new InvalidField(
        `${field}.${mode}`,
        'must be L1 or omitted: the Starknet OS takes only L1 data availability, and the gateway refuses any other mode only after the user signed',
      );
    }
  }
  if (details?.accountDeploymentData?.length) {
    throw new InvalidField(
      `${field}.accountDeploymentData`,
      'must be empty or omitted: Starknet does not use it yet and the confirmation cannot show it (snapnet deploys an account with its own deploy_account)',
    );
  }
}

/**
 * A handler whose params carry transaction details under `field`, checked by
 * {@link assertDetailsShown} before the handler runs (so before any node read or
 * dialog).
 *
 * @param field - Param name of the details.
 * @param handle - The method's handler.
 * @returns The same handler, guarded.
 */
export function withShownDetails<
  Field extends string,
  Params extends { [Key in Field]?: TransactionDetails | undefined },
  Result extends Json,
>(
  field: Field,
  handle: (params: Params, ctx: RpcContext) => Promise<Result>,
): (params: Params, ctx: RpcContext) => Promise<Result> {
  return async (params, ctx) => {
    assertDetailsShown(params[field], field);
    return handle(params, ctx);
  };
}
