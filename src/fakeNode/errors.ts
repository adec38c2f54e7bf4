/**
 * JSON-RPC errors the fake node answers, with the codes and messages of the Starknet
 * JSON-RPC spec 0.10, so clients see what a real node would send them.
 */
import type { Json } from './json';

// The revert and its text moved to reverts.ts; kept importable from here.
export type { RevertFrame } from './reverts';
export {
  cairo1Summary,
  ExecutionRevert,
  frameLine,
  panicItem,
} from './reverts';

/** An error that becomes a JSON-RPC `error` member. */
export class RpcFailure extends Error {
  readonly code: number;

  readonly data: Json | undefined;

  /**
   * @param code - JSON-RPC error code.
   * @param message - The spec's message for that code.
   * @param data - Optional `data` member.
   */
  constructor(code: number, message: string, data?: Json) {
    super(message);
    this.name = 'RpcFailure';
    this.code = code;
    this.data = data;
  }

  /**
   * The JSON-RPC `error` member.
   *
   * @returns Code, message and data when there is some.
   */
  toJson(): { [key: string]: Json } {
    return {
      code: this.code,
      message: this.message,
      ...(this.data === undefined ? {} : { data: this.data }),
    };
  }
}

/**
 * The body is not JSON (-32700).
 *
 * @returns The error.
 */
export function parseError(): RpcFailure {
  return new RpcFailure(-32700, 'Parse error');
}

/**
 * The body is not a JSON-RPC request (-32600).
 *
 * @param data - Optional detail.
 * @returns The error.
 */
export function invalidRequest(data?: string): RpcFailure {
  return new RpcFailure(-32600, 'Invalid request', data);
}

/**
 * The method is not one the node answers (-32601).
 *
 * @param method - The unknown method.
 * @returns The error.
 */
export function methodNotFound(method: string): RpcFailure {
  return new RpcFailure(-32601, 'Method not found', method);
}

/**
 * Malformed params (-32602); data names the field.
 *
 * @param data - Error data.
 * @returns The error.
 */
export function invalidParams(data: string): RpcFailure {
  return new RpcFailure(-32602, 'Invalid params', data);
}

/**
 * Nothing is deployed at the address (20).
 *
 * @returns The error.
 */
export function contractNotFound(): RpcFailure {
  return new RpcFailure(20, 'Contract not found');
}

/**
 * No such block (24).
 *
 * @returns The error.
 */
export function blockNotFound(): RpcFailure {
  return new RpcFailure(24, 'Block not found');
}

/**
 * No such declared class (28).
 *
 * @returns The error.
 */
export function classHashNotFound(): RpcFailure {
  return new RpcFailure(28, 'Class hash not found');
}

/**
 * No such transaction, or no receipt yet (29).
 *
 * @returns The error.
 */
export function txnHashNotFound(): RpcFailure {
  return new RpcFailure(29, 'Transaction hash not found');
}

/**
 * A `starknet_call` failed (40).
 *
 * @param revertError - The revert text.
 * @returns The error.
 */
export function contractError(revertError: string): RpcFailure {
  return new RpcFailure(40, 'Contract error', { revert_error: revertError });
}

/**
 * An estimated or simulated transaction failed (41).
 *
 * @param index - Index of the failing transaction.
 * @param executionError - Why it failed.
 * @returns The error.
 */
export function transactionExecutionError(
  index: number,
  executionError: string,
): RpcFailure {
  return new RpcFailure(41, 'Transaction execution error', {
    transaction_index: index,
    execution_error: executionError,
  });
}

/**
 * The declared class exists (51).
 *
 * @returns The error.
 */
export function classAlreadyDeclared(): RpcFailure {
  return new RpcFailure(51, 'Class already declared');
}

/**
 * Nonce is not the account's next one (52).
 *
 * @param data - Error data.
 * @returns The error.
 */
export function invalidTransactionNonce(data: string): RpcFailure {
  return new RpcFailure(52, 'Invalid transaction nonce', data);
}

/**
 * Resource bounds below usage or block prices (53).
 *
 * @returns The error.
 */
export function insufficientResources(): RpcFailure {
  return new RpcFailure(
    53,
    "The transaction's resources don't cover validation or the minimal transaction fee",
  );
}

/**
 * STRK balance below the maximal fee (54).
 *
 * @returns The error.
 */
export function insufficientAccountBalance(): RpcFailure {
  return new RpcFailure(
    54,
    "Account balance is smaller than the transaction's maximal fee (calculated as the sum of each resource's limit x max price)",
  );
}

/**
 * `__validate__` failed: signature, calldata or undeployed sender (55).
 *
 * @param data - Error data.
 * @returns The error.
 */
export function validationFailure(data: string): RpcFailure {
  return new RpcFailure(55, 'Account validation failed', data);
}

/**
 * The sender or class is not an account the node can run (58).
 *
 * @returns The error.
 */
export function nonAccount(): RpcFailure {
  return new RpcFailure(58, 'Sender address is not an account contract');
}

/**
 * A transaction with this hash was already accepted (59).
 *
 * @returns The error.
 */
export function duplicateTx(): RpcFailure {
  return new RpcFailure(
    59,
    'A transaction with the same hash already exists in the mempool',
  );
}

/**
 * Not a V3 transaction (61).
 *
 * @returns The error.
 */
export function unsupportedTxVersion(): RpcFailure {
  return new RpcFailure(61, 'the transaction version is not supported');
}

/**
 * Sierra class version other than 0.1.0 (62).
 *
 * @returns The error.
 */
export function unsupportedContractClassVersion(): RpcFailure {
  return new RpcFailure(62, 'the contract class version is not supported');
}

/**
 * Anything else (63).
 *
 * @param data - Error data.
 * @returns The error.
 */
export function unexpectedError(data: string): RpcFailure {
  return new RpcFailure(63, 'An unexpected error occurred', data);
}
