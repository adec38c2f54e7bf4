import type { Json } from '@metamask/utils';

import { DomainError, walletData, WalletCode } from './base';
import { dataWithNode } from './node';

// Errors about what a request asked for: its params, its network, the user's answer,
// its origin. Each declares the JSON-RPC error it becomes (see DomainError).

/** A parameter is malformed or refers to something the wallet does not have. */
export class InvalidField extends DomainError {
  readonly rpc = 'invalidParams';

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

  rpcData(): Record<string, Json> {
    return walletData(WalletCode.InvalidRequestPayload, { field: this.path });
  }
}

/** A `chainId` the snap does not serve. */
export class NetworkNotSupported extends DomainError {
  readonly rpc = 'invalidParams';

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

  rpcData(): Record<string, Json> {
    return walletData(WalletCode.UnlistedNetwork, {
      field: 'chainId',
      supportedChainIds: [...this.supported],
    });
  }
}

/** The token address does not hold a usable ERC-20 contract. */
export class TokenContractInvalid extends DomainError {
  readonly rpc = 'invalidParams';

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

  rpcData(): Record<string, Json> {
    return dataWithNode(
      WalletCode.NotErc20,
      { field: 'tokenAddress' },
      this.cause,
    );
  }
}

/** The user dismissed or rejected a confirmation dialog. */
export class UserRejected extends DomainError {
  readonly rpc = 'userRejected';

  constructor(message = 'User rejected the request.') {
    super(message);
    this.name = 'UserRejected';
  }

  rpcData(): Record<string, Json> {
    return walletData(WalletCode.UserRefused);
  }
}

/** Asked to deploy an account that is already deployed. */
export class AccountAlreadyDeployed extends DomainError {
  readonly rpc = 'invalidParams';

  readonly address: string;

  constructor(address: string) {
    super(`Account ${address} is already deployed`);
    this.name = 'AccountAlreadyDeployed';
    this.address = address;
  }

  rpcData(): Record<string, Json> {
    return walletData(WalletCode.AccountAlreadyDeployed, {
      address: this.address,
    });
  }
}

/**
 * A dapp asked for a MetaMask-only action (exporting a private key) from an origin the
 * snap was not built to allow.
 */
export class OriginNotAllowed extends DomainError {
  readonly rpc = 'unauthorized';

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

  rpcData(): Record<string, Json> {
    return { origin: this.origin };
  }
}

/**
 * A page asked about an account the user never gave it (accounts per page).
 * The answer says nothing of the account, only how to be given one.
 */
export class AccountNotGranted extends DomainError {
  readonly rpc = 'unauthorized';

  readonly field: string;

  /**
   * @param field - The param naming the account.
   * @param network - The network's name.
   */
  constructor(field: string, network: string) {
    super(
      `${field}: this page has not been given that account on ${network}. Ask the user for an account with snapnet_getCurrentAccount { create: true } (connect dialog) or snapnet_createAccount (the user approves either).`,
    );
    this.name = 'AccountNotGranted';
    this.field = field;
  }

  rpcData(): Record<string, Json> {
    return { field: this.field };
  }
}
