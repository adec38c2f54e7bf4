import { MethodNotFoundError } from '@metamask/snaps-sdk';
import type { Struct } from '@metamask/superstruct';
import { is } from '@metamask/superstruct';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { isObject } from '@metamask/utils';

import { splitSignature, toFelt64, AddressStruct } from '../api/felt';
import type {
  KeyringAccountMethod,
  KeyringRequest,
  KeyringResponse,
} from '../api/keyring';
import { KEYRING_ACCOUNT_METHODS, KeyringRequestStruct } from '../api/keyring';
import type { MethodName } from '../api/methods';
import {
  checkWalletParams,
  DeclareParamsStruct,
  InvokeParamsStruct,
  toSnapCalls,
  TypedDataParamsStruct,
} from '../api/walletParams';
import { InvalidField } from '../errors';
import type { Services } from '../rpc/context';
import { routes } from '../rpc/handlers';
import { parseParams } from '../rpc/params';
import type { KeyringRegistration } from '../state/types';
import { chainIdOfScope, registrationOf } from './accounts';

/** A wallet request's params, as JSON (KeyringRequestStruct checked them). */
type WalletParams = KeyringRequest['request']['params'];

/** How one wallet-API method runs as a `snapnet_*` method. */
type Mapping = {
  /** The snap method whose handler (and dialog) serves it. */
  snapMethod: MethodName;
  /** Its snapnet params, from the wallet params (checked here) and the account. */
  params: (walletParams: WalletParams, address: string) => JsonRpcParams;
  /** The wallet API's result, from the snap method's. */
  result: (snapResult: Json) => Json;
};

/**
 * The wallet params, checked (-32602 naming the field under `request.params`).
 *
 * @param struct - What the method takes.
 * @param params - What the dapp sent.
 * @returns The params.
 */
function walletParams<Value>(
  struct: Struct<Value, unknown>,
  params: unknown,
): Value {
  const checked = checkWalletParams(struct, params);
  if (!checked.ok) {
    throw new InvalidField(
      ['request.params', checked.field].filter(Boolean).join('.'),
      checked.message,
      { cause: checked.error },
    );
  }
  return checked.value;
}

const same = (result: Json): Json => result;

/**
 * The by-name members of wallet params (empty for positional or absent ones).
 *
 * @param params - The wallet params.
 * @returns Them as a record.
 */
const byName = (params: WalletParams): Record<string, Json> =>
  params === undefined || Array.isArray(params) ? {} : params;

/** Each account method on the `snapnet_*` handler with the same checks and dialog. */
const MAPPINGS: Record<KeyringAccountMethod, Mapping> = {
  wallet_addInvokeTransaction: {
    snapMethod: 'snapnet_executeTxn',
    params: (params, address) => ({
      address,
      calls: toSnapCalls(walletParams(InvokeParamsStruct, params).calls),
    }),
    result: same,
  },
  wallet_signTypedData: {
    snapMethod: 'snapnet_signMessage',
    params: (params, signerAddress) => {
      walletParams(TypedDataParamsStruct, params);
      const { types, primaryType, domain, message } = byName(params);
      return {
        signerAddress,
        // The four SNIP-12 members (not a snapnet `address`); the snap checks them.
        typedDataMessage: {
          types: types ?? null,
          primaryType: primaryType ?? null,
          domain: domain ?? null,
          message: message ?? null,
        },
      };
    },
    result: (signature) => {
      const parts =
        typeof signature === 'string' ? splitSignature(signature) : undefined;
      if (!parts) {
        throw new Error('snapnet_signMessage gave no r, s signature');
      }
      return [toFelt64(parts[0]), toFelt64(parts[1])];
    },
  },
  wallet_addDeclareTransaction: {
    snapMethod: 'snapnet_declareContract',
    params: (params, senderAddress) => {
      const parsed = walletParams(DeclareParamsStruct, params);
      return {
        senderAddress,
        contractPayload: {
          contract: byName(params).contract_class ?? null,
          compiledClassHash: parsed.compiled_class_hash,
          ...(parsed.class_hash === undefined
            ? {}
            : { classHash: parsed.class_hash }),
        },
      };
    },
    result: same,
  },
  wallet_deploymentData: {
    snapMethod: 'snapnet_getDeploymentData',
    params: (_params, address) => ({ address }),
    result: same,
  },
};

/**
 * Whether a method is one a keyring account serves.
 *
 * @param method - The requested method.
 * @returns Whether it is.
 */
function isAccountMethod(method: string): method is KeyringAccountMethod {
  return KEYRING_ACCOUNT_METHODS.some((served) => served === method);
}

/**
 * Checks a given `params.address` (a snapnet extension: the dapp names the account it
 * means) against the account of the request.
 *
 * @param params - The wallet params.
 * @param registration - The account the request is for.
 * @throws InvalidField (-32602) when it names another account.
 */
function checkAddress(
  params: KeyringRequest['request']['params'],
  registration: KeyringRegistration,
): void {
  if (!isObject(params) || params.address === undefined) {
    return;
  }
  const given = params.address;
  if (!is(given, AddressStruct) || toFelt64(given) !== registration.address) {
    throw new InvalidField(
      'request.params.address',
      `is not the address of the account ${registration.address}; leave it out or name this account`,
    );
  }
}

/**
 * `keyring_submitRequest`: runs a dapp's wallet-API request (routed to this account by
 * MetaMask's Multichain API) through the same handler as its `snapnet_*` method, so
 * the user confirms it in the snap's own dialog, which names the dapp
 * (`KeyringRequest.origin`), never MetaMask. Everything is checked before any dialog
 * or key derivation: the account, the scope (whose network is used, the current
 * network and account do not change), the method (-32601), the params and a given
 * address (-32602). Answers at once: `{ pending: false, result }`.
 *
 * @param services - Store and send lock.
 * @param raw - The KeyringRequest.
 * @returns The keyring response.
 */
export async function submitRequest(
  services: Services,
  raw: JsonRpcParams | undefined,
): Promise<KeyringResponse> {
  const request = parseParams(KeyringRequestStruct, raw);
  const registration = registrationOf(
    await services.store.read(),
    request.account,
    'account',
  );
  const chainId = chainIdOfScope(request.scope);
  if (chainId === undefined) {
    throw new InvalidField(
      'scope',
      `${request.scope} is not served; use starknet:SN_MAIN or starknet:SN_SEPOLIA`,
    );
  }
  const { method, params } = request.request;
  if (!isAccountMethod(method)) {
    // snaps-sdk's error classes are Errors at runtime; their declared type hides it.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw new MethodNotFoundError(
      `${method} is not a method of snapnet's keyring accounts (${KEYRING_ACCOUNT_METHODS.join(', ')})`,
      { method },
    );
  }
  checkAddress(params, registration);
  const mapping = MAPPINGS[method];
  const snapParams = {
    ...mapping.params(params, registration.address),
    chainId,
  };
  // MetaMask routed this dapp to this account: its Multichain session, which the user
  // approved in MetaMask, gives the dapp that account for this request only. Nothing
  // is stored, so the snap's own grants (and their revokes) stay the user's dialogs'.
  const result = await routes[mapping.snapMethod](snapParams, {
    ...services,
    origin: request.origin,
    method,
    routed: registration.address,
  });
  return { pending: false, result: mapping.result(result) };
}
