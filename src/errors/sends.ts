import type { Json } from '@metamask/utils';

import { DomainError, walletData, WalletCode } from './base';
import { dataWithNode } from './node';

// Errors about a transaction that was (or may have been) sent, or refused before
// signing. Each declares the JSON-RPC error it becomes (see DomainError).

/** A transaction hash the node does not know. */
export class TransactionNotFound extends DomainError {
  readonly rpc = 'resourceNotFound';

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

  rpcData(): Record<string, Json> {
    return dataWithNode(
      WalletCode.Unknown,
      { transactionHash: this.transactionHash },
      this.cause,
    );
  }
}

/**
 * The account deployment was accepted but the invoke that should follow it was not
 * sent. The deploy record is kept; the dapp learns both facts.
 */
export class InvokeNotSent extends DomainError {
  readonly rpc = 'internal';

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

  rpcData(): Record<string, Json> {
    return dataWithNode(
      WalletCode.Unknown,
      { deployTransactionHash: this.deployTransactionHash },
      this.cause,
    );
  }
}

/**
 * A signed transaction was sent but the node's answer was lost, and the node could
 * not say afterwards whether it has it. The snap keeps the record as UNCONFIRMED;
 * the dapp gets the hash to follow (getTransactionStatus) instead of sending again.
 */
export class SendUnconfirmed extends DomainError {
  readonly rpc = 'internal';

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

  rpcData(): Record<string, Json> {
    return dataWithNode(
      WalletCode.Unknown,
      { transactionHash: this.transactionHash },
      this.cause,
    );
  }
}

/**
 * The node answered a send with another transaction hash, contract address or class
 * hash than the snap computed from what it signed. The node does not get to choose
 * them: the request fails, and the record stays under the computed hash (the signed
 * transaction may be live, so its nonce stays taken).
 */
export class NodeAnswerDisputed extends DomainError {
  readonly rpc = 'internal';

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

  rpcData(): Record<string, Json> {
    return dataWithNode(
      WalletCode.Unknown,
      { transactionHash: this.transactionHash, field: this.field },
      this.cause,
    );
  }
}

/**
 * The key derived for an account does not give that account's address: the stored
 * account (index, derivation path, public key or kind) is damaged or was tampered
 * with. Nothing is signed; signing with it would use another account's key.
 */
export class AccountKeyMismatch extends DomainError {
  readonly rpc = 'internal';

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

  rpcData(): Record<string, Json> {
    return walletData(WalletCode.Unknown, { address: this.address });
  }
}
