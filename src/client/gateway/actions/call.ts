import type { Infer } from '@metamask/superstruct';
import { object, optional } from '@metamask/superstruct';
import type { Hex } from '@metamask/utils';
import { hexToBigInt } from '@metamask/utils';

import type { GatewayContext } from '../context';
import { InvalidParamsError } from '../errors';
import { AddressStruct, HexDataStruct, QuantityStruct } from '../structs';
import type { BlockParameter } from '../validate';
import { assertParam, toBlockParameter } from '../validate';

/** The eth_call call object. Unknown members are refused (they are usually typos). */
export const CallObjectStruct = object({
  from: AddressStruct,
  to: optional(AddressStruct),
  gas: optional(QuantityStruct),
  gasPrice: optional(QuantityStruct),
  maxPriorityFeePerGas: optional(QuantityStruct),
  maxFeePerGas: optional(QuantityStruct),
  value: optional(QuantityStruct),
  data: optional(HexDataStruct),
});

/** An eth_call call object. */
export type CallObject = Infer<typeof CallObjectStruct>;

/** The gateway caps eth_call's gas at this many times the current block gas limit. */
export const GAS_CAP_FACTOR = 10n;

/**
 * Runs a message call without creating a transaction (eth_call, 80 credits).
 *
 * @param context - The client context.
 * @param callObject - The call: from, to, gas, fees, value, data.
 * @param block - A block tag or number.
 * @returns The returned data.
 * @throws {InvalidParamsError} For a malformed call object or block, or gas above 10×
 * the block gas limit when that limit is known, before eth_call is sent.
 * @throws {ExecutionRevertedError} When the call reverts; the reason is decoded.
 */
export async function call(
  context: GatewayContext,
  callObject: CallObject,
  block: BlockParameter,
): Promise<Hex> {
  const method = 'eth_call';
  const checked = assertParam(
    CallObjectStruct,
    callObject,
    method,
    'callObject',
  );
  const blockParameter = toBlockParameter(block, method, 'block');
  if (checked.gas !== undefined) {
    const limit = await context.blockGasLimit();
    if (
      limit !== undefined &&
      hexToBigInt(checked.gas) > limit * GAS_CAP_FACTOR
    ) {
      throw new InvalidParamsError(
        `eth_call: gas ${checked.gas} is above ${GAS_CAP_FACTOR}× the block gas limit (0x${limit.toString(16)})`,
        {
          method,
          data: { gas: checked.gas, blockGasLimit: `0x${limit.toString(16)}` },
        },
      );
    }
  }
  return context.send(method, [checked, blockParameter], HexDataStruct);
}
