import type { TransactionDetails } from '../../api/transaction';
import { InvalidField } from '../../errors';
import type { AccountRecord } from '../../state/types';
import { CONTRACT_NOT_FOUND } from '../node/calls';
import type { NodeOutcome } from '../node/node';
import type { CairoVersion } from './address';
import { ARGENT_CLASS_HASH, ARGENT_PROXY_CLASS_HASH } from './address';

/**
 * `v1_bound_accounts_max_tip` of Starknet 0.14's versioned constants: a Cairo 0 Argent
 * account (its implementation is whitelisted in `v1_bound_accounts_cairo0`) sees its V3
 * transaction as version 1 only up to this tip; above it `__execute__` reverts
 * "argent: invalid tx version" and the fee is still charged.
 */
export const LEGACY_MAX_TIP = 0x746a5288000n;

/** Argent 0.4.0, the newest class snapnet upgrades to (SNIP-9 v1 and v2). */
export const ARGENT_040_CLASS_HASH =
  '0x36078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f';

/** An Argent class snapnet knows: its version and the next safe upgrade from it. */
type KnownClass = {
  version: string;
  /** The next class on Argent's safe path and the `upgrade` calldata after it. */
  next?: { classHash: string; calldata: string[] };
};

/**
 * Argent's safe upgrade path (argent-contracts-starknet docs/argent_account_upgrades.md):
 * Cairo 0 (0.2.3.x) only to 0.3.1 and with non-empty calldata (`[0]`: no calls after
 * the upgrade), whose `execute_after_upgrade` drops the proxy; then 0.3.1 → 0.4.0.
 */
const CLASSES = new Map<bigint, KnownClass>([
  [
    BigInt(ARGENT_PROXY_CLASS_HASH),
    {
      version: '0.2.3',
      next: { classHash: ARGENT_CLASS_HASH, calldata: ['0x1', '0x0'] },
    },
  ],
  [
    BigInt(ARGENT_CLASS_HASH),
    {
      version: '0.3.1',
      next: { classHash: ARGENT_040_CLASS_HASH, calldata: ['0x0'] },
    },
  ],
  [BigInt(ARGENT_040_CLASS_HASH), { version: '0.4.0' }],
]);

/**
 * The Argent version running at a class hash read on chain.
 *
 * @param classHash - The account's class hash on chain.
 * @returns "0.2.3", "0.3.1", "0.4.0", or undefined for a class snapnet does not know.
 */
export function argentVersion(
  classHash: string | undefined,
): string | undefined {
  return classHash === undefined
    ? undefined
    : CLASSES.get(BigInt(classHash))?.version;
}

/** The next step on Argent's safe upgrade path from a class. */
export type UpgradeStep = {
  fromVersion: string;
  toVersion: string;
  toClassHash: string;
  /** The `upgrade` self-call's calldata: target class hash, then its arguments. */
  calldata: string[];
};

/**
 * The one next upgrade of an account whose class on chain is `classHash`.
 *
 * @param classHash - The class on chain.
 * @returns The step, or undefined at the newest class (or an unknown one).
 */
export function nextUpgrade(classHash: string): UpgradeStep | undefined {
  const from = CLASSES.get(BigInt(classHash));
  const next = from?.next;
  const to = next && CLASSES.get(BigInt(next.classHash));
  if (!from || !next || !to) {
    return undefined;
  }
  return {
    fromVersion: from.version,
    toVersion: to.version,
    toClassHash: next.classHash,
    calldata: [next.classHash, ...next.calldata],
  };
}

/**
 * Which `__execute__` calldata the account takes: the class on chain decides (a legacy
 * address upgraded in place runs Cairo 1), the address formula only while undeployed
 * (it is then deployed with its own formula's class).
 *
 * @param account - The wallet account.
 * @param status - Its status (class hash read on chain).
 * @param status.classHash - The class at the address, undefined while undeployed.
 * @returns '0' for the Cairo 0 proxy, '1' otherwise.
 */
export function runningKind(
  account: Pick<AccountRecord, 'cairoVersion'>,
  status: { classHash?: string | undefined },
): CairoVersion {
  if (status.classHash === undefined) {
    return account.cairoVersion;
  }
  return BigInt(status.classHash) === BigInt(ARGENT_PROXY_CLASS_HASH)
    ? '0'
    : '1';
}

/**
 * The view that answers an account's owner key, as its class on chain names it: the
 * Cairo 0 proxy runs Argent 0.2.3.1, whose `getSigner` answers the signer key; Argent
 * 0.3.1 and 0.4.0 answer `get_owner` (0.4.0's owner is a signer enum, and `get_owner`
 * gives the public key of a Starknet signer). A Cairo 1 class snapnet does not know is
 * asked the same as the newest it knows.
 *
 * @param classHash - The account's class on chain.
 * @returns The entry point name.
 */
export function ownerGetter(classHash: string): 'getSigner' | 'get_owner' {
  return BigInt(classHash) === BigInt(ARGENT_PROXY_CLASS_HASH)
    ? 'getSigner'
    : 'get_owner';
}

/**
 * Refuses a dapp-given tip a Cairo 0 account's `__execute__` would revert on (with the
 * fee charged); an omitted tip is 0, within the limit.
 *
 * @param kind - The calldata format the account runs.
 * @param details - The dapp's transaction details.
 * @param field - Their param name, for the error.
 * @throws InvalidField `<field>.tip` above the limit.
 */
export function checkLegacyTip(
  kind: CairoVersion,
  details: Pick<TransactionDetails, 'tip'> | undefined,
  field = 'details',
): void {
  if (
    kind === '0' &&
    details?.tip !== undefined &&
    BigInt(details.tip) > LEGACY_MAX_TIP
  ) {
    throw new InvalidField(
      `${field}.tip`,
      'is above 0x746a5288000, the most a Cairo 0 account can tip',
    );
  }
}

/**
 * The Argent version an account runs: its class on chain, or, undeployed, the class
 * its own address formula deploys.
 *
 * @param record - The account.
 * @param outcome - Its `starknet_getClassHashAt` outcome.
 * @returns The version, if known.
 */
export function accountVersionOf(
  record: Pick<AccountRecord, 'cairoVersion'>,
  outcome: NodeOutcome<string> | undefined,
): string | undefined {
  if (outcome?.ok) {
    return argentVersion(outcome.result);
  }
  if (outcome?.error.code === CONTRACT_NOT_FOUND) {
    return argentVersion(
      record.cairoVersion === '0' ? ARGENT_PROXY_CLASS_HASH : ARGENT_CLASS_HASH,
    );
  }
  return undefined;
}
