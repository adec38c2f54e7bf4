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

/** Node error codes that say the request itself was refused, not that the node failed. */
const NODE_FAULT_CODES = new Set([63, -32603]);

/**
 * The Starknet node failed or refused a request. Keeps the node's own code, message
 * and data (or the HTTP status when it never answered JSON-RPC) so the dapp sees what
 * the node said, never a bare "unknown error". The message speaks of what the user
 * asked for (`action`, the snap method), names the node by host only (the full URL may
 * hold an API key) and says what the user can do when the node itself is at fault.
 */
export class NodeRequestFailed extends Error {
  /** The node method(s) of the failed request, comma-separated for a batch. */
  readonly method: string;

  readonly code: number | undefined;

  readonly data: Json | undefined;

  readonly httpStatus: number | undefined;

  readonly host: string | undefined;

  /**
   * Whether the node may have received the request although its answer was lost
   * (connection dropped, timeout, 5xx): a send that failed this way may have gone
   * through.
   */
  readonly lost: boolean;

  /**
   * @param details - What the node answered.
   * @param details.method - The JSON-RPC method(s) that failed.
   * @param details.message - What the node did: "could not be reached (…)", "answered HTTP 500", or the node's own message.
   * @param details.code - The node's JSON-RPC error code, when it answered one.
   * @param details.data - The node's error data, when given.
   * @param details.httpStatus - The HTTP status, when the failure was at the HTTP level.
   * @param details.host - The node's host, never its full URL.
   * @param details.action - What the user asked for (the snap method).
   * @param details.lost - Whether the answer, not the request, may be what was lost.
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
      host?: string | undefined;
      action?: string | undefined;
      lost?: boolean | undefined;
    },
    options?: {
      cause?: unknown;
    },
  ) {
    const node = details.host
      ? `the Starknet node at ${details.host}`
      : 'the Starknet node';
    const what =
      details.code === undefined || NODE_FAULT_CODES.has(details.code)
        ? `${node} ${details.code === undefined ? details.message : `failed: ${details.message}`}. Try again; if it keeps failing, check this network's node on the snap's home page.`
        : `${node} refused it: ${details.message} (code ${details.code}).`;
    super(`${details.action ?? 'The request'} failed: ${what}`, options);
    this.name = 'NodeRequestFailed';
    this.method = details.method;
    this.code = details.code;
    this.data = details.data;
    this.httpStatus = details.httpStatus;
    this.host = details.host;
    this.lost = details.lost ?? false;
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

/**
 * A signed transaction was sent but the node's answer was lost, and the node could
 * not say afterwards whether it has it. The snap keeps the record as UNCONFIRMED;
 * the dapp gets the hash to follow (getTransactionStatus) instead of sending again.
 */
export class SendUnconfirmed extends Error {
  readonly transactionHash: string;

  /**
   * @param transactionHash - The hash of the transaction that may have been taken.
   * @param options - The lost answer.
   * @param options.cause - The node failure (a NodeRequestFailed).
   */
  constructor(transactionHash: string, options: { cause: unknown }) {
    super(
      `${options.cause instanceof Error ? options.cause.message : String(options.cause)} The transaction ${transactionHash} may have been sent: check its status before sending it again.`,
      options,
    );
    this.name = 'SendUnconfirmed';
    this.transactionHash = transactionHash;
  }
}

/**
 * The node answered a send with another transaction hash, contract address or class
 * hash than the snap computed from what it signed. The node does not get to choose
 * them: the request fails, and the record stays under the computed hash (the signed
 * transaction may be live, so its nonce stays taken).
 */
export class NodeAnswerDisputed extends Error {
  /** What differed: "transaction hash", "address" or "class hash". */
  readonly field: string;

  /** The hash the snap computed and signed. */
  readonly transactionHash: string;

  /**
   * @param details - What differed.
   * @param details.field - "transaction hash", "address" or "class hash".
   * @param details.computed - The snap's value.
   * @param details.answered - The node's value.
   * @param details.transactionHash - The computed transaction hash.
   */
  constructor(details: {
    field: string;
    computed: string;
    answered: string;
    transactionHash: string;
  }) {
    super(
      `The node answered ${details.field} ${details.answered}, but the snap computed ${details.computed} from what it signed. The signed transaction ${details.transactionHash} may still be live: follow it with snapnet_getTransactionStatus before sending again, and check this network's node on the snap's home page.`,
    );
    this.name = 'NodeAnswerDisputed';
    this.field = details.field;
    this.transactionHash = details.transactionHash;
  }
}

/**
 * A dapp asked for a MetaMask-only action (exporting a private key) from an origin the
 * snap was not built to allow.
 */
export class OriginNotAllowed extends Error {
  readonly origin: string;

  /**
   * @param method - The method asked for.
   * @param origin - The caller.
   * @param instead - Where the user can do it instead.
   */
  constructor(method: string, origin: string, instead: string) {
    super(`${method} is not available to ${origin}. ${instead}`);
    this.name = 'OriginNotAllowed';
    this.origin = origin;
  }
}

/**
 * The key derived for an account does not give that account's address: the stored
 * account (index, derivation path, public key or kind) is damaged or was tampered
 * with. Nothing is signed; signing with it would use another account's key.
 */
export class AccountKeyMismatch extends Error {
  readonly address: string;

  /**
   * @param address - The account that was to sign.
   * @param reason - What did not match.
   */
  constructor(address: string, reason: string) {
    super(
      `Refused to sign for ${address}: ${reason}. Its stored record is damaged; nothing was signed or sent. Recover the account (snapnet_recoverAccounts) to store it again.`,
    );
    this.name = 'AccountKeyMismatch';
    this.address = address;
  }
}
