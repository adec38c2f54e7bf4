import { RpcErrorCode } from '../errors';

/**
 * Codes a CAIP-25 wallet answers with, by name, to compare with the `code` of a
 * `MultichainApiError`'s `cause`: EIP-1193 and JSON-RPC ones (`@metamask/rpc-errors`'
 * table) and the CAIP-25 ones MetaMask documents.
 */
export const MultichainErrorCode = {
  UserRejected: RpcErrorCode.UserRejected,
  Unauthorized: RpcErrorCode.Unauthorized,
  Disconnected: RpcErrorCode.Disconnected,
  UnknownError: 5000,
  UnsupportedNetworks: 5100,
  UnsupportedMethods: 5101,
  UnsupportedNotifications: 5102,
  UnknownMethods: 5201,
  UnknownNotifications: 5202,
  InvalidSessionProperties: 5302,
  MethodNotFound: RpcErrorCode.MethodNotFound,
  InvalidParams: RpcErrorCode.InvalidParams,
  InternalError: RpcErrorCode.Internal,
} as const;
