/**
 * Legacy (Cairo 0) Argent accounts and Argent upgrades, rule by rule as on chain
 * (docs/node.md "Legacy accounts and upgrades" cites each source): the proxy's
 * whitelisted implementation under V3 only with a tip up to the versioned constants'
 * `v1_bound_accounts_max_tip`, `getVersion` per class, and `upgrade` replacing the
 * class at the same address (a wrong upgrade leaves an unusable account).
 */
import { hash, shortString } from 'starknet';

import {
  ARGENT_040_ACCOUNT_CLASS_HASH,
  ARGENT_ACCOUNT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
  ARGENT_PROXY_IMPLEMENTATION,
} from './constants';
import { ExecutionRevert } from './errors';
import type { AccountData, ChainState, Contract } from './state';

/**
 * `os_constants.v1_bound_accounts_max_tip` of the 0.14 versioned constants: above it a
 * whitelisted Cairo 0 account sees its real V3 version (and Argent 0.2.3.1 refuses it).
 */
export const V1_BOUND_MAX_TIP = 0x746a5288000n;

/** The part of `v1_bound_accounts_cairo0` the node can run: Argent 0.2.3.1. */
const V1_BOUND_ACCOUNTS_CAIRO0: ReadonlySet<bigint> = new Set([
  ARGENT_PROXY_IMPLEMENTATION,
]);

/** Why a wrongly upgraded account no longer validates (Argent's upgrade document). */
export const BROKEN_ACCOUNT =
  'the account was upgraded from Cairo 0 without calldata or straight to >= 0.4.0 and is unusable';

/** Argent version per class (`getVersion`'s short string). */
const VERSIONS = new Map<bigint, string>([
  [ARGENT_PROXY_IMPLEMENTATION, '0.2.3'],
  [ARGENT_ACCOUNT_CLASS_HASH, '0.3.1'],
  [ARGENT_040_ACCOUNT_CLASS_HASH, '0.4.0'],
]);

/**
 * The key getters of each Argent class, as the real contracts name them: 0.2.3.1
 * (behind the Cairo 0 proxy) `getSigner` and `getGuardian`
 * (argent-contracts-starknet@v0.2.3.1:contracts/account/ArgentAccount.cairo); 0.3.1
 * and 0.4.0 `get_owner` and `get_guardian` (@account-0.3.1, @account-0.4.0
 * src/presets/argent_account.cairo; 0.4.0's `get_owner` answers the public key of its
 * Starknet signer). A class has no other spelling, so a wallet asking the wrong one
 * for its class fails here as on chain.
 */
const KEY_GETTERS = new Map<bigint, Record<string, 'owner' | 'guardian'>>([
  [
    ARGENT_PROXY_IMPLEMENTATION,
    { getSigner: 'owner', getGuardian: 'guardian' },
  ],
  [ARGENT_ACCOUNT_CLASS_HASH, { get_owner: 'owner', get_guardian: 'guardian' }],
  [
    ARGENT_040_ACCOUNT_CLASS_HASH,
    { get_owner: 'owner', get_guardian: 'guardian' },
  ],
]);

/**
 * An account's answer to a key getter, if its running class has that entry point.
 *
 * @param contract - The account contract.
 * @param account - Its data.
 * @param name - Entry point name.
 * @returns The owner or guardian key, or undefined when the class has no such getter.
 */
export function keyGetterAnswer(
  contract: Contract,
  account: AccountData,
  name: string,
): bigint[] | undefined {
  const role = KEY_GETTERS.get(runningClass(contract, account))?.[name];
  if (role === undefined) {
    return undefined;
  }
  return [role === 'owner' ? account.publicKey : account.guardian];
}

/**
 * The class whose code runs for an account: the proxy's implementation, else its class.
 *
 * @param contract - The account contract.
 * @param account - Its data.
 * @returns The running class hash.
 */
export function runningClass(contract: Contract, account: AccountData): bigint {
  return contract.classHash === ARGENT_PROXY_CLASS_HASH
    ? (account.implementation ?? ARGENT_PROXY_IMPLEMENTATION)
    : contract.classHash;
}

/**
 * The Argent version of an account, as its `getVersion` answers.
 *
 * @param contract - The account contract.
 * @param account - Its data.
 * @returns The version string, or undefined for a class the node does not version.
 */
export function versionOf(
  contract: Contract,
  account: AccountData,
): string | undefined {
  return VERSIONS.get(runningClass(contract, account));
}

/**
 * `getVersion` (every Argent class, a short string) and `get_version` (Cairo 1 only,
 * `Version { major, minor, patch }`).
 *
 * @param contract - The account contract.
 * @param account - Its data.
 * @param name - Entry point name.
 * @returns The answer, or undefined when the class has no such entry point.
 */
export function versionAnswer(
  contract: Contract,
  account: AccountData,
  name: 'getVersion' | 'get_version',
): bigint[] | undefined {
  const version = versionOf(contract, account);
  if (version === undefined) {
    return undefined;
  }
  if (name === 'getVersion') {
    return [BigInt(shortString.encodeShortString(version))];
  }
  if (account.flavour === 'proxy') {
    return undefined;
  }
  return version.split('.').map(BigInt);
}

/**
 * Why an invoke's `__execute__` reverts before its calls run: a Cairo 0 account whose
 * implementation is whitelisted sees version 1 only with a tip up to the maximum;
 * above it Argent 0.2.3.1's `assert_correct_tx_version` fails (the fee is charged).
 *
 * @param state - State the invoke runs on.
 * @param sender - The account.
 * @param tip - The transaction's tip.
 * @returns The revert reason, or undefined when execution goes on.
 */
export function executeRevert(
  state: ChainState,
  sender: bigint,
  tip: bigint,
): string | undefined {
  const contract = state.contracts.get(sender);
  const account = state.account(sender);
  if (!contract || account?.flavour !== 'proxy') {
    return undefined;
  }
  const running = runningClass(contract, account);
  if (V1_BOUND_ACCOUNTS_CAIRO0.has(running) && tip > V1_BOUND_MAX_TIP) {
    return 'argent: invalid tx version';
  }
  return undefined;
}

/**
 * Argent's `upgrade`, called by the account itself: Cairo 0
 * `upgrade(implementation, calldata_len, calldata*)` sets the proxy's implementation and
 * runs `execute_after_upgrade` only with calldata (0.3.1's replaces the class and
 * drops the proxy); 0.3.1 `upgrade(new_implementation, calldata: Array)` replaces the
 * class; 0.4.0 refuses anything it knows as a downgrade.
 *
 * @param state - State to change.
 * @param address - The account.
 * @param caller - Who calls.
 * @param calldata - The call's arguments.
 * @returns The (empty) result.
 */
export function upgradeAccount(
  state: ChainState,
  address: bigint,
  caller: bigint,
  calldata: bigint[],
): bigint[] {
  const contract = state.contracts.get(address);
  const account = state.account(address);
  if (!contract || !account) {
    return [];
  }
  const proxy = account.flavour === 'proxy';
  if (caller !== address) {
    throw new ExecutionRevert(proxy ? 'argent: only self' : 'argent/only-self');
  }
  const [target = 0n, length = 0n] = calldata;
  const known =
    target === ARGENT_ACCOUNT_CLASS_HASH ||
    target === ARGENT_040_ACCOUNT_CLASS_HASH;
  if (!known || !state.classes.has(target)) {
    throw new ExecutionRevert(
      proxy
        ? 'argent: invalid implementation'
        : 'argent/invalid-implementation',
    );
  }
  if (calldata.length !== 2 + Number(length)) {
    throw new ExecutionRevert('Failed to deserialize param #2');
  }
  const from = runningClass(contract, account);
  if (from === ARGENT_040_ACCOUNT_CLASS_HASH) {
    throw new ExecutionRevert('argent/downgrade-not-allowed');
  }
  const broken =
    proxy && (length === 0n || target !== ARGENT_ACCOUNT_CLASS_HASH);
  const replaced: Contract = broken
    ? {
        address,
        classHash: contract.classHash,
        data: { ...account, implementation: target, broken: true },
      }
    : {
        address,
        classHash: target,
        data: {
          kind: 'account',
          flavour: 'argent',
          publicKey: account.publicKey,
          guardian: account.guardian,
        },
      };
  state.contracts.set(address, replaced);
  return [];
}

/**
 * Why an account's `__validate__` refuses an invoke's calls: a wrongly upgraded
 * account validates nothing; a self-call must be the only call of its transaction
 * (0.2.3.1 `assert_no_self_call`, 0.3.1 and 0.4.0 'argent/no-multicall-to-self').
 *
 * @param account - The sending account.
 * @param sender - Its address.
 * @param calls - The decoded calls.
 * @returns The reason, or undefined when validation goes on.
 */
export function callsRefusal(
  account: AccountData,
  sender: bigint,
  calls: readonly { to: bigint }[],
): string | undefined {
  if (account.broken) {
    return BROKEN_ACCOUNT;
  }
  if (calls.length > 1 && calls.some((call) => call.to === sender)) {
    return account.flavour === 'proxy'
      ? 'argent: no self call in a multicall'
      : 'argent/no-multicall-to-self';
  }
  return undefined;
}

/** `initialize`, the call the proxy's constructor makes on its implementation. */
const INITIALIZE = BigInt(hash.getSelectorFromName('initialize'));

/**
 * Whether proxy constructor calldata deploys an account the node can run:
 * `[implementation 0.2.3.1, selector("initialize"), 2, signer, guardian]`, as the
 * other MetaMask snap and Argent X deployed them.
 *
 * @param calldata - Constructor calldata of a deploy_account with the proxy class.
 * @returns Whether it is that shape.
 */
export function isProxyConstructor(calldata: readonly bigint[]): boolean {
  return (
    calldata.length === 5 &&
    calldata[0] === ARGENT_PROXY_IMPLEMENTATION &&
    calldata[1] === INITIALIZE &&
    calldata[2] === 2n
  );
}
