/**
 * The 0.14 gateway's checks before the mempool (starkware-libs/sequencer
 * `apollo_gateway`): the stateless ones (`stateless_transaction_validator.rs`), refused
 * as pathfinder answers any gateway code it does not know, 63 with the gateway's
 * message as `data` (`add_invoke_transaction.rs`, `SequencerError` → `UnexpectedError`);
 * and the nonce rule of the stateful one (`stateful_transaction_validator.rs`
 * `validate_nonce`), run against the latest committed state (`from_latest_block`), not
 * the pre-confirmed one: a declare only at the account's committed nonce
 * (`reject_future_declare_txs`), anything else at most `max_allowed_nonce_gap` ahead,
 * else 52 with the gateway's text (nonces in decimal, as `Felt` displays them).
 */
import type { Rejection } from './admission';
import type { RpcFailure } from './errors';
import * as errors from './errors';
import { invalidTransactionNonce, unexpectedError } from './errors';
import type { ChainState } from './state';
import type { Tx } from './transactions';

/** apollo_gateway's `max_allowed_nonce_gap` (mempool.ts takes the same). */
const NONCE_GAP = 200n;

/**
 * The stateless validator's refusal of a transaction, in its order: non-empty
 * `account_deployment_data`, non-empty `paymaster_data`, then a nonce or fee data
 * availability mode other than L1 (the Starknet OS takes only those).
 *
 * @param tx - The transaction.
 * @returns The gateway's message, or undefined when none applies.
 */
export function statelessRefusal(tx: Tx): string | undefined {
  if (tx.type !== 'DEPLOY_ACCOUNT' && tx.accountDeploymentData.length > 0) {
    return 'The field account_deployment_data should be empty.';
  }
  if (tx.paymasterData.length > 0) {
    return 'The field paymaster_data should be empty.';
  }
  if (tx.nonceDa !== 'L1') {
    return 'Invalid nonce data availability mode.';
  }
  if (tx.feeDa !== 'L1') {
    return 'Invalid fee data availability mode.';
  }
  return undefined;
}

/**
 * `validate_nonce` against the committed nonce: a declare exactly at it, a
 * deploy_account at 0 of an account not deployed yet, anything else within the gap.
 *
 * @param committed - The latest committed state.
 * @param tx - The transaction.
 * @param payer - The account.
 * @returns The gateway's message, or undefined when the nonce passes.
 */
export function nonceRefusal(
  committed: ChainState,
  tx: Tx,
  payer: bigint,
): string | undefined {
  const account = committed.nonceOf(payer);
  if (tx.type === 'DECLARE') {
    return tx.nonce === account
      ? undefined
      : `Invalid transaction nonce. Expected: nonce = ${account}, got: ${tx.nonce}.`;
  }
  if (tx.type === 'DEPLOY_ACCOUNT' && account !== 0n) {
    return `Invalid deploy account transaction. Account is already deployed (nonce=${account}).`;
  }
  if (tx.type === 'DEPLOY_ACCOUNT') {
    return tx.nonce === 0n
      ? undefined
      : `Invalid transaction nonce. Expected: nonce = 0, got: ${tx.nonce}.`;
  }
  const most = account + NONCE_GAP;
  return tx.nonce >= account && tx.nonce <= most
    ? undefined
    : `Invalid transaction nonce. Expected: ${account} <= nonce <= ${most}, got: ${tx.nonce}.`;
}

/**
 * The gateway's refusal of an added transaction before it reaches the mempool.
 *
 * @param committed - The latest committed state.
 * @param tx - The transaction.
 * @param payer - The account.
 * @returns The JSON-RPC error pathfinder answers, or undefined when it passes.
 */
export function gatewayRefusal(
  committed: ChainState,
  tx: Tx,
  payer: bigint,
): RpcFailure | undefined {
  const stateless = statelessRefusal(tx);
  if (stateless !== undefined) {
    return unexpectedError(stateless);
  }
  const nonce = nonceRefusal(committed, tx, payer);
  return nonce === undefined ? undefined : invalidTransactionNonce(nonce);
}

/**
 * The error an add method answers for a rejection.
 *
 * @param rejection - Why the transaction was not admitted.
 * @returns The JSON-RPC error.
 */
export function addFailure(rejection: Rejection): RpcFailure {
  switch (rejection.kind) {
    case 'NONCE':
      return errors.invalidTransactionNonce(rejection.message);
    case 'RESOURCES':
      return errors.insufficientResources();
    case 'BALANCE':
      return errors.insufficientAccountBalance();
    case 'CLASS_NOT_FOUND':
      return errors.classHashNotFound();
    case 'NON_ACCOUNT':
      return errors.nonAccount();
    case 'ALREADY_DECLARED':
      return errors.classAlreadyDeclared();
    case 'CLASS_VERSION':
      return errors.unsupportedContractClassVersion();
    case 'NOT_DEPLOYED':
    case 'VALIDATION':
    default:
      return errors.validationFailure(rejection.message);
  }
}
