import type { Infer } from '@metamask/superstruct';
import {
  array,
  boolean,
  enums,
  exactOptional,
  integer,
  literal,
  min,
  nonempty,
  nullable,
  object,
  pattern,
  record,
  string,
  type,
  union,
  unknown,
} from '@metamask/superstruct';
import { JsonStruct } from '@metamask/utils';

import { SN_MAIN, SN_SEPOLIA } from './chains';

/*
 * The keyring API's shapes as MetaMask's Snap keyring checks them
 * (`@metamask/keyring-api` account.ts, request.ts, response.ts, events.ts, rpc.ts),
 * written here because that package pulls Node-only code into a snap bundle. The
 * bridge's structs are strict (`object`), so ours are too: an extra key in an account
 * or an event makes MetaMask refuse it. test/unit/keyringStructs.test.ts checks these
 * against keyring-api's own.
 */

/** The two Multichain API scopes snapnet serves, each with its hex chain id. */
export const STARKNET_SCOPES = {
  'starknet:SN_MAIN': SN_MAIN,
  'starknet:SN_SEPOLIA': SN_SEPOLIA,
} as const;

/** A CAIP-2 scope snapnet serves. */
export type StarknetScope = keyof typeof STARKNET_SCOPES;

/** Every scope a keyring account covers: a Starknet address is the same on both. */
export const KEYRING_ACCOUNT_SCOPES: StarknetScope[] = [
  'starknet:SN_MAIN',
  'starknet:SN_SEPOLIA',
];

/**
 * The wallet-API methods a keyring account serves through `keyring_submitRequest`
 * (starknet-io/types-js `wallet-api/methods.ts`); MetaMask's router sends the
 * account's scope requests for these to the snap.
 */
export const KEYRING_ACCOUNT_METHODS = [
  'wallet_addInvokeTransaction',
  'wallet_signTypedData',
  'wallet_addDeclareTransaction',
  'wallet_deploymentData',
] as const;

/** A method of {@link KEYRING_ACCOUNT_METHODS}. */
export type KeyringAccountMethod = (typeof KEYRING_ACCOUNT_METHODS)[number];

/**
 * The node reads `onProtocolRequest` forwards (the manifest's `endowment:protocol`
 * lists the same, test/unit/keyringStructs.test.ts keeps them in step). Writes are not
 * here on purpose: they need the user and go through the keyring.
 */
export const PROTOCOL_READS = [
  'starknet_chainId',
  'starknet_specVersion',
  'starknet_blockNumber',
  'starknet_blockHashAndNumber',
  'starknet_getBlockWithTxHashes',
  'starknet_getNonce',
  'starknet_getClassHashAt',
  'starknet_getStorageAt',
  'starknet_call',
  'starknet_getTransactionStatus',
  'starknet_getTransactionReceipt',
  'starknet_getTransactionByHash',
] as const;

/** A UUID as the keyring API spells account and request ids. */
export const UuidStruct = pattern(
  string(),
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu,
);

const CaipChainIdStruct = pattern(
  string(),
  /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/u,
);

/** A snapnet keyring account's options: which index of the seed it is. */
export const KeyringAccountOptionsStruct = object({
  addressIndex: min(integer(), 0),
  derivationPath: string(),
});

/**
 * A keyring account as snapnet reports it: `any:account` (there is no Starknet
 * type), the Cairo 1 address as `0x` + 64 lowercase digits (routing compares strings).
 */
export const KeyringAccountStruct = object({
  id: UuidStruct,
  type: literal('any:account'),
  address: string(),
  scopes: nonempty(array(CaipChainIdStruct)),
  options: KeyringAccountOptionsStruct,
  methods: array(enums(KEYRING_ACCOUNT_METHODS)),
});
export type KeyringAccount = Infer<typeof KeyringAccountStruct>;

/** A JSON-RPC request inside a keyring request or a protocol request. */
export const ScopedRequestStruct = object({
  method: string(),
  params: exactOptional(
    union([array(JsonStruct), record(string(), JsonStruct)]),
  ),
});

/**
 * `keyring_submitRequest`'s params: what the dapp asked, and of which account. Read
 * with `type` (a field MetaMask adds later is ignored, not refused).
 */
export const KeyringRequestStruct = type({
  id: UuidStruct,
  scope: string(),
  account: UuidStruct,
  /** The dapp's origin: what the snap's dialogs name. */
  origin: string(),
  originMetadata: exactOptional(
    nullable(object({ transport: string(), selfReportedOrigin: string() })),
  ),
  request: ScopedRequestStruct,
});
export type KeyringRequest = Infer<typeof KeyringRequestStruct>;

/** snapnet answers at once, after its own dialog: never `pending: true`. */
export const KeyringResponseStruct = object({
  pending: literal(false),
  result: JsonStruct,
});
export type KeyringResponse = Infer<typeof KeyringResponseStruct>;

/** MetaMask's correlation id, handed back in `notify:accountCreated`. */
export const MetaMaskOptionsStruct = object({ correlationId: string() });

/** `notify:accountCreated`, sent through `snap_manageAccounts`. */
export const AccountCreatedEventStruct = object({
  method: literal('notify:accountCreated'),
  params: object({
    account: KeyringAccountStruct,
    accountNameSuggestion: exactOptional(string()),
    displayConfirmation: exactOptional(boolean()),
    displayAccountNameSuggestion: exactOptional(boolean()),
    metamask: exactOptional(MetaMaskOptionsStruct),
  }),
});
export type AccountCreatedEvent = Infer<typeof AccountCreatedEventStruct>;

/** `keyring_createAccount`: options are free-form in the API; snapnet reads two. */
export const CreateKeyringAccountParamsStruct = type({
  options: type({
    addressIndex: exactOptional(min(integer(), 0)),
    metamask: exactOptional(MetaMaskOptionsStruct),
  }),
});

/** `keyring_getAccount`, `keyring_deleteAccount`. */
export const KeyringAccountIdParamsStruct = type({ id: UuidStruct });

/** `keyring_filterAccountChains`. */
export const FilterAccountChainsParamsStruct = type({
  id: UuidStruct,
  chains: array(string()),
});

/** `keyring_resolveAccountAddress`: the scope and the dapp's request. */
export const ResolveAccountAddressParamsStruct = type({
  scope: CaipChainIdStruct,
  request: type({
    jsonrpc: exactOptional(literal('2.0')),
    id: exactOptional(union([string(), integer(), literal(null)])),
    method: string(),
    params: exactOptional(unknown()),
  }),
});

/** `keyring_resolveAccountAddress`'s answer: a CAIP-10 id, or null (first account). */
export const ResolveAccountAddressResultStruct = nullable(
  object({ address: string() }),
);
