/**
 * Errors of sends whose fee a SNIP-29 paymaster takes in another token. They name the
 * paymaster by host only (its URL may hold a key) and say what the user can do; the
 * one mapping in `toSnapError` passes their message on (an internal error: the
 * request was fine, the paymaster failed or could not be trusted), with the host in
 * `data.paymaster`.
 */
import type { Json } from '@metamask/utils';

import { DomainError, WalletCode, walletData } from './base';

/** The paymaster failed, refused or could not be reached. Nothing was signed. */
export class PaymasterFailed extends DomainError {
  readonly rpc = 'internal';

  /** The paymaster's host. */
  readonly host: string;

  /** Its SNIP-29 error code, when it answered one. */
  readonly code: number | undefined;

  /**
   * @param host - The paymaster's host.
   * @param message - What happened and what to do.
   * @param code - Its SNIP-29 error code, when it answered one.
   * @param options - Optional cause.
   * @param options.cause - The underlying error.
   */
  constructor(
    host: string,
    message: string,
    code?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymasterFailed';
    this.host = host;
    this.code = code;
  }

  /** @returns The paymaster's host and SNIP-29 code, beside the wallet-API code. */
  rpcData(): Record<string, Json> {
    return walletData(WalletCode.Unknown, {
      paymaster: this.host,
      ...(this.code === undefined ? {} : { paymasterCode: this.code }),
    });
  }
}

/**
 * What the paymaster built is not exactly the user's calls plus its fee (or its time
 * window, caller, chain or deployment is not what the snap asked for). The snap
 * refuses before any dialog: nothing is signed, nothing is sent.
 */
export class PaymasterUntrusted extends DomainError {
  readonly rpc = 'internal';

  /** The paymaster's host. */
  readonly host: string;

  /**
   * @param host - The paymaster's host.
   * @param problem - What is wrong in what it built.
   */
  constructor(host: string, problem: string) {
    super(
      `The paymaster at ${host} built a transaction the snap refuses to sign: ${problem}. Nothing was signed or sent; pay the fee in STRK, or choose another paymaster on the snap's home page.`,
    );
    this.name = 'PaymasterUntrusted';
    this.host = host;
  }

  /** @returns The paymaster's host, beside the wallet-API code. */
  rpcData(): Record<string, Json> {
    return walletData(WalletCode.Unknown, { paymaster: this.host });
  }
}
