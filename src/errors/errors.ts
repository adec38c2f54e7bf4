import type { Json } from '@metamask/utils';

/**
 * Domain errors thrown by handlers. They say what went wrong in Starknet terms; the
 * one mapping in `toSnapError` turns them into JSON-RPC errors with the Starknet
 * wallet-API code in `data.walletRpcError`, so handlers never pick codes themselves.
 */

/** A parameter is malformed or refers to something the wallet does not have. */
export class InvalidField extends Error {
  readonly path: string;

  /**
   * @param path - Dotted path of the offending field (e.g. `calls.0.entrypoint`).
   * @param message - What is wrong with it, readable by the dapp developer.
   * @param options - Optional cause.
   * @param options.cause - The underlying error, kept for debugging.
   */
  constructor(
    path: string,
    message: string,
    options?: {
      cause?: unknown;
    },
  ) {
    super(path ? `Invalid params: ${path}: ${message}` : message, options);
    this.name = 'InvalidField';
    this.path = path;
  }
}

/** A `chainId` the snap does not serve. */
export class NetworkNotSupported extends Error {
  readonly chainId: string;

  readonly supported: readonly string[];

  /**
   * @param chainId - The requested chain id.
   * @param supported - The chain ids the snap serves, listed in the message.
   */
  constructor(chainId: string, supported: readonly string[]) {
    super(
      `Invalid params: chainId: network ${chainId} is not supported; supported chain ids: ${supported.join(', ')}`,
    );
    this.name = 'NetworkNotSupported';
    this.chainId = chainId;
    this.supported = supported;
  }
}

/** The token address does not hold a usable ERC-20 contract. */
export class TokenContractInvalid extends Error {
  readonly tokenAddress: string;

  /**
   * @param tokenAddress - The token contract address.
   * @param reason - Why it is not usable.
   * @param options - Optional cause.
   * @param options.cause - The node error behind it.
   */
  constructor(
    tokenAddress: string,
    reason: string,
    options?: {
      cause?: unknown;
    },
  ) {
    super(`Invalid params: tokenAddress: ${tokenAddress} ${reason}`, options);
    this.name = 'TokenContractInvalid';
    this.tokenAddress = tokenAddress;
  }
}

/** The user dismissed or rejected a confirmation dialog. */
export class UserRejected extends Error {
  constructor(message = 'User rejected the request.') {
    super(message);
    this.name = 'UserRejected';
  }
}

/** Asked to deploy an account that is already deployed. */
export class AccountAlreadyDeployed extends Error {
  readonly address: string;

  constructor(address: string) {
    super(`Account ${address} is already deployed`);
    this.name = 'AccountAlreadyDeployed';
    this.address = address;
  }
}

/** A transaction hash the node does not know. */
export class TransactionNotFound extends Error {
  readonly transactionHash: string;

  /**
   * @param transactionHash - The hash that was looked up.
   * @param networkName - Where it was looked up, for the message.
   * @param options - Optional cause.
   * @param options.cause - The node error behind it.
   */
  constructor(
    transactionHash: string,
    networkName: string,
    options?: {
      cause?: unknown;
    },
  ) {
    super(
      `Transaction ${transactionHash} not found on ${networkName}`,
      options,
    );
    this.name = 'TransactionNotFound';
    this.transactionHash = transactionHash;
  }
}

/**
 * The Starknet node failed or refused a request. Keeps the node's own code, message
 * and data (or the HTTP status when it never answered JSON-RPC) so the dapp sees what
 * the node said, never a bare "unknown error".
 */
export class NodeRequestFailed extends Error {
  readonly method: string;

  readonly code: number | undefined;

  readonly data: Json | undefined;

  readonly httpStatus: number | undefined;

  /**
   * @param details - What the node answered.
   * @param details.method - The JSON-RPC method that failed.
   * @param details.message - The node's message, or a description of the transport failure.
   * @param details.code - The node's JSON-RPC error code, when it answered one.
   * @param details.data - The node's error data, when given.
   * @param details.httpStatus - The HTTP status, when the failure was at the HTTP level.
   * @param options - Optional cause.
   * @param options.cause - The underlying error (fetch failure, parse error).
   */
  constructor(
    details: {
      method: string;
      message: string;
      code?: number | undefined;
      data?: Json | undefined;
      httpStatus?: number | undefined;
    },
    options?: {
      cause?: unknown;
    },
  ) {
    super(
      `Starknet node request ${details.method} failed: ${details.message}`,
      options,
    );
    this.name = 'NodeRequestFailed';
    this.method = details.method;
    this.code = details.code;
    this.data = details.data;
    this.httpStatus = details.httpStatus;
  }
}

/**
 * The account deployment was accepted but the invoke that should follow it was not
 * sent. The deploy record is kept; the dapp learns both facts.
 */
export class InvokeNotSent extends Error {
  readonly deployTransactionHash: string;

  /**
   * @param deployTransactionHash - The accepted deployment.
   * @param options - The invoke failure.
   * @param options.cause - Why the invoke was not sent (usually a NodeRequestFailed).
   */
  constructor(deployTransactionHash: string, options: { cause: unknown }) {
    super(
      `The account was deployed (transaction ${deployTransactionHash}) but the invoke was not sent: ${
        options.cause instanceof Error
          ? options.cause.message
          : String(options.cause)
      }`,
      options,
    );
    this.name = 'InvokeNotSent';
    this.deployTransactionHash = deployTransactionHash;
  }
}
