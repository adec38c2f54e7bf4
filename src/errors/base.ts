import type { Json } from '@metamask/utils';

/** Starknet wallet-API error codes carried in `data.walletRpcError.code`. */
export const WalletCode = {
  NotErc20: 111,
  UnlistedNetwork: 112,
  UserRefused: 113,
  InvalidRequestPayload: 114,
  AccountAlreadyDeployed: 115,
  Unknown: 163,
} as const;

const WALLET_MESSAGES: Record<number, string> = {
  111: 'An error occurred (NOT_ERC20)',
  112: 'An error occurred (UNLISTED_NETWORK)',
  113: 'An error occurred (USER_REFUSED_OP)',
  114: 'An error occurred (INVALID_REQUEST_PAYLOAD)',
  115: 'An error occurred (ACCOUNT_ALREADY_DEPLOYED)',
  163: 'An error occurred (UNKNOWN_ERROR)',
};

/**
 * Builds the `data` object every snapnet error carries: the Starknet wallet-API code a
 * get-starknet dapp branches on, and the fields that say what to fix.
 *
 * @param code - Starknet wallet-API code.
 * @param extra - Further JSON fields (field path, node details).
 * @returns The error data.
 */
export function walletData(
  code: number,
  extra: Record<string, Json> = {},
): Record<string, Json> {
  return {
    walletRpcError: { code, message: WALLET_MESSAGES[code] ?? '' },
    ...extra,
  };
}

/** The snaps-sdk error a {@link DomainError} reaches the dapp as (toSnapError's table). */
export type RpcKind =
  | 'invalidParams'
  | 'internal'
  | 'resourceNotFound'
  | 'unauthorized'
  | 'userRejected';

/**
 * The one base class of the errors handlers throw. Each says what went wrong in Starknet
 * terms and declares, next to its fields, which JSON-RPC error it becomes (`rpc`) and
 * with what `data` (`rpcData`), so `toSnapError` is a lookup and handlers never pick
 * codes themselves.
 */
export abstract class DomainError extends Error {
  /** The JSON-RPC error the dapp receives. */
  abstract readonly rpc: RpcKind;

  /** @returns The error's `data`: wallet-API code and what the dapp needs to act. */
  abstract rpcData(): Record<string, Json>;
}
