import { hash } from 'starknet';

/**
 * Events an account emits about itself that change who controls it: owner, guardian,
 * escape and class changes of Argent's accounts (argentlabs/argent-contracts-starknet,
 * `enum Event` of account-0.3.0 `contracts/account/src/argent_account.cairo` and
 * account-0.4.0 `src/presets/argent_account.cairo` with its upgrade component), and
 * OpenZeppelin's `OwnerAdded`/`OwnerRemoved`/`Upgraded`.
 */
const CONTROL_EVENTS = [
  'OwnerChanged',
  'OwnerChangedGuid',
  'OwnerAdded',
  'OwnerAddedGuid',
  'OwnerRemoved',
  'OwnerRemovedGuid',
  'SignerLinked',
  'GuardianChanged',
  'GuardianChangedGuid',
  'GuardianAddedGuid',
  'GuardianRemovedGuid',
  'GuardianBackupChanged',
  'GuardianBackupChangedGuid',
  'EscapeOwnerTriggered',
  'EscapeOwnerTriggeredGuid',
  'EscapeGuardianTriggered',
  'EscapeGuardianTriggeredGuid',
  'OwnerEscaped',
  'OwnerEscapedGuid',
  'GuardianEscaped',
  'GuardianEscapedGuid',
  'EscapeCanceled',
  'EscapeSecurityPeriodChanged',
  'AccountUpgraded',
  'Upgraded',
];

/** Selector → name of the control events, built once. */
let names: Map<bigint, string> | undefined;

/** Argent's event after every multicall: it says the account ran calls, nothing more. */
const TRANSACTION_EXECUTED = BigInt(
  hash.getSelectorFromName('TransactionExecuted'),
);

/**
 * What an event the signing account emitted during a page's calls says: nothing to
 * show (`TransactionExecuted`), else a change to the account itself, named when known
 * (an owner, guardian or class change) or by its selector. Any other event of the
 * account counts as a change too: an account only speaks of itself.
 *
 * @param key - The event's first key (its selector).
 * @returns Undefined for `TransactionExecuted`, else the name or `0x` selector.
 */
export function accountEventName(key: string | undefined): string | undefined {
  const selector = BigInt(key ?? 0);
  if (selector === TRANSACTION_EXECUTED) {
    return undefined;
  }
  names ??= new Map(
    CONTROL_EVENTS.map((name) => [
      BigInt(hash.getSelectorFromName(name)),
      name,
    ]),
  );
  return names.get(selector) ?? `0x${selector.toString(16)}`;
}
