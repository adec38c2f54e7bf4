/**
 * Admission of V3 transactions: what a node checks before accepting one (sender or
 * class, nonce, resource bounds, STRK balance, calldata and signature). The JSON-RPC
 * error each failed check becomes when adding a transaction: gateway.ts.
 */
import {
  ARGENT_ACCOUNT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
  GAS_USAGE,
  STRK_TOKEN,
} from './constants';
import { cairo1Summary, panicItem } from './errors';
import { balanceFailure, boundsFailure, l2BoundExceeded } from './feeRules';
import { feltHex } from './json';
import { selectorOf } from './ledger';
import { callsRefusal, isProxyConstructor } from './legacy';
import { decodeMulticall } from './multicall';
import type { AccountData, ChainState } from './state';
import type { Identified, Tx } from './transactions';
import { verifySignature } from './verify';

/** Why a transaction is not admitted; each caller maps the kind to its error code. */
export class Rejection extends Error {
  readonly kind:
    | 'NOT_DEPLOYED'
    | 'NON_ACCOUNT'
    | 'CLASS_NOT_FOUND'
    | 'NONCE'
    | 'RESOURCES'
    | 'BALANCE'
    | 'VALIDATION'
    | 'ALREADY_DECLARED'
    | 'CLASS_VERSION';

  /**
   * @param kind - Reason kind.
   * @param message - Text for the error's data.
   */
  constructor(kind: Rejection['kind'], message: string) {
    super(message);
    this.name = 'Rejection';
    this.kind = kind;
  }
}

/** Options of admission: adding a transaction checks everything, estimates less. */
export type AdmitOptions = {
  validate: boolean;
  /**
   * Exact nonce (adding; simulations and estimates that validate, as pathfinder and juno
   * set `strict_nonce_check`); otherwise any nonce at or above the account's.
   */
  strict: boolean;
  /** Fee bounds and balance checked (adding; simulations without SKIP_FEE_CHARGE). */
  chargeFee: boolean;
  /** The mempool checked the nonce already (its gap rule, mempool.ts `receive`). */
  nonceChecked?: boolean;
};

/**
 * The account a deploy_account transaction creates, from its class and calldata.
 *
 * @param classHash - Account class.
 * @param calldata - Constructor calldata.
 * @returns The account data, or undefined for classes the node cannot run.
 */
export function accountFromConstructor(
  classHash: bigint,
  calldata: bigint[],
): AccountData | undefined {
  if (classHash === ARGENT_ACCOUNT_CLASS_HASH && calldata.length === 2) {
    return {
      kind: 'account',
      flavour: 'argent',
      publicKey: calldata[0] ?? 0n,
      guardian: calldata[1] ?? 0n,
    };
  }
  if (classHash === ARGENT_PROXY_CLASS_HASH && isProxyConstructor(calldata)) {
    return {
      kind: 'account',
      flavour: 'proxy',
      publicKey: calldata[3] ?? 0n,
      guardian: calldata[4] ?? 0n,
    };
  }
  return undefined;
}

/** The validate entry point of each transaction type. */
const VALIDATE_ENTRY = {
  INVOKE: selectorOf('__validate__'),
  DEPLOY_ACCOUNT: selectorOf('__validate_deploy__'),
  DECLARE: selectorOf('__validate_declare__'),
};

/**
 * The text of a failed validation as blockifier writes a Cairo 1 account's panic
 * (`Cairo1RevertSummary`, Validation header): the account's frame, then the panic data.
 *
 * @param state - State the account is read from.
 * @param tx - The transaction.
 * @param payer - The account.
 * @param reasons - The panic data: the reason, then any detail the fake adds.
 * @returns The text.
 */
function validateText(
  state: ChainState,
  tx: Tx,
  payer: bigint,
  reasons: string[],
): string {
  const classHash =
    tx.type === 'DEPLOY_ACCOUNT'
      ? tx.classHash
      : (state.contracts.get(payer)?.classHash ?? 0n);
  const frame = {
    address: payer,
    classHash,
    selector: VALIDATE_ENTRY[tx.type],
  };
  return cairo1Summary(
    'The `validate` entry point panicked with:',
    [frame],
    reasons.map(panicItem),
  );
}

/**
 * The account a transaction pays from must exist and be one the node can run (a
 * deployment: its class declared and an account class); throws `Rejection`.
 *
 * @param state - State to check against.
 * @param tx - The transaction.
 * @returns The public key that signs for it.
 */
function signerOf(state: ChainState, tx: Tx): bigint {
  if (tx.type === 'DEPLOY_ACCOUNT') {
    if (!state.classes.has(tx.classHash)) {
      throw new Rejection(
        'CLASS_NOT_FOUND',
        `Class with hash ${feltHex(tx.classHash)} is not declared.`,
      );
    }
    const account = accountFromConstructor(
      tx.classHash,
      tx.constructorCalldata,
    );
    if (!account) {
      throw new Rejection(
        'NON_ACCOUNT',
        `Class ${feltHex(tx.classHash)} is not an account class the fake node can run (or its constructor calldata is malformed).`,
      );
    }
    return account.publicKey;
  }
  const contract = state.contracts.get(tx.sender);
  if (!contract) {
    throw new Rejection(
      'NOT_DEPLOYED',
      `Requested contract address ${feltHex(tx.sender)} is not deployed.`,
    );
  }
  if (contract.data.kind !== 'account') {
    throw new Rejection(
      'NON_ACCOUNT',
      `${feltHex(tx.sender)} is not an account contract.`,
    );
  }
  return contract.data.publicKey;
}

/**
 * Blockifier's `handle_nonce`: the account's nonce exactly (strict) or any nonce at or
 * above it; then what only a deployment or a declaration can get wrong.
 *
 * @param state - State to check against.
 * @param tx - The transaction.
 * @param id - Its identifiers.
 * @param options - What to check.
 */
function checkNonceAndKind(
  state: ChainState,
  tx: Tx,
  id: Identified,
  options: AdmitOptions,
): void {
  const current = state.nonceOf(id.payer);
  const nonceOk =
    options.nonceChecked === true ||
    (options.strict ? tx.nonce === current : tx.nonce >= current);
  if (!nonceOk) {
    throw new Rejection(
      'NONCE',
      `Invalid transaction nonce of contract at address ${feltHex(id.payer)}. Account nonce: ${feltHex(current)}; got: ${feltHex(tx.nonce)}.`,
    );
  }
  if (tx.type === 'DEPLOY_ACCOUNT' && state.contracts.has(id.payer)) {
    throw new Rejection(
      'VALIDATION',
      `Requested contract address ${feltHex(id.payer)} is unavailable for deployment.`,
    );
  }
  if (tx.type !== 'DECLARE') {
    return;
  }
  if (tx.contractClass.contract_class_version !== '0.1.0') {
    throw new Rejection(
      'CLASS_VERSION',
      `Unsupported contract class version ${tx.contractClass.contract_class_version}.`,
    );
  }
  if (id.classHash !== undefined && state.classes.has(id.classHash)) {
    throw new Rejection(
      'ALREADY_DECLARED',
      `Class with hash ${feltHex(id.classHash)} is already declared.`,
    );
  }
}

/**
 * When a fee is charged: blockifier's `check_fee_bounds` (every price at or above the
 * block's, every amount at or above the minimal one), `verify_can_pay_committed_bounds`
 * (STRK balance at or above the maximal fee), and for a deploy_account or declare, which
 * cannot revert, the L2 gas it uses.
 *
 * @param state - State to check against.
 * @param tx - The transaction.
 * @param payer - Who pays.
 */
function checkFee(state: ChainState, tx: Tx, payer: bigint): void {
  const bounds = boundsFailure(tx);
  if (bounds !== undefined) {
    throw new Rejection('RESOURCES', bounds);
  }
  const balance = balanceFailure(
    tx,
    state.balanceOf(STRK_TOKEN.address, payer),
  );
  if (balance !== undefined) {
    throw new Rejection('BALANCE', balance);
  }
  const exceeded =
    tx.type === 'INVOKE'
      ? undefined
      : l2BoundExceeded(tx, GAS_USAGE[tx.type].l2Gas);
  if (exceeded !== undefined) {
    throw new Rejection('RESOURCES', exceeded);
  }
}

/**
 * Checks whether a transaction can be admitted on this state, in blockifier's order
 * (nonce, fee bounds and balance when charging, then `__validate__`); throws `Rejection`.
 *
 * @param state - State to check against (pre-confirmed for adds).
 * @param tx - The transaction.
 * @param id - Its identifiers.
 * @param options - What to check.
 */
export function admit(
  state: ChainState,
  tx: Tx,
  id: Identified,
  options: AdmitOptions,
): void {
  const publicKey = signerOf(state, tx);
  checkNonceAndKind(state, tx, id, options);
  if (options.chargeFee) {
    checkFee(state, tx, id.payer);
  }
  if (tx.type === 'INVOKE') {
    const account = state.account(tx.sender);
    const calls = account && decodeMulticall(account.flavour, tx.calldata);
    if (account && !calls) {
      throw new Rejection(
        'VALIDATION',
        validateText(state, tx, tx.sender, ['Failed to deserialize param #1']),
      );
    }
    const refusal = account && calls && callsRefusal(account, tx.sender, calls);
    if (refusal) {
      throw new Rejection(
        'VALIDATION',
        validateText(state, tx, tx.sender, [refusal]),
      );
    }
  }
  if (options.validate && !verifySignature(tx.signature, id.hash, publicKey)) {
    throw new Rejection(
      'VALIDATION',
      validateText(state, tx, id.payer, [
        'argent/invalid-signature',
        `the node computed transaction hash ${feltHex(id.hash)}; expected [r, s] by public key ${feltHex(publicKey)}`,
      ]),
    );
  }
}
