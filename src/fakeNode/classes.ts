/**
 * Contract class bodies the node answers for its built-in contracts. They are stubs:
 * shaped like real classes (Sierra for Cairo 1, legacy for the Cairo-0 proxy) with ABIs
 * listing what the node implements, so that starknet.js detects the right Cairo version
 * and can build `Contract` objects, but their bodies do not hash to their class hashes.
 */
import { gzipSync } from 'node:zlib';
import { hash } from 'starknet';

import {
  ARGENT_040_ACCOUNT_CLASS_HASH,
  ARGENT_ACCOUNT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
  ARGENT_PROXY_IMPLEMENTATION,
  FAKE_ERC20_CLASS_HASH,
} from './constants';
import type { Json, JsonObject } from './json';
import { feltHex } from './json';

/** A function of a stub ABI: name, felt-typed inputs and outputs, and mutability. */
type StubFunction = {
  name: string;
  inputs: [string, string][];
  outputs: string[];
  view: boolean;
};

const FELT = 'core::felt252';
const U256 = 'core::integer::u256';
const BOOL = 'core::bool';
const ADDRESS = 'core::starknet::contract_address::ContractAddress';

const ERC20_FUNCTIONS: StubFunction[] = [
  { name: 'name', inputs: [], outputs: [FELT], view: true },
  { name: 'symbol', inputs: [], outputs: [FELT], view: true },
  { name: 'decimals', inputs: [], outputs: ['core::integer::u8'], view: true },
  { name: 'total_supply', inputs: [], outputs: [U256], view: true },
  {
    name: 'balance_of',
    inputs: [['account', ADDRESS]],
    outputs: [U256],
    view: true,
  },
  {
    name: 'allowance',
    inputs: [
      ['owner', ADDRESS],
      ['spender', ADDRESS],
    ],
    outputs: [U256],
    view: true,
  },
  {
    name: 'transfer',
    inputs: [
      ['recipient', ADDRESS],
      ['amount', U256],
    ],
    outputs: [BOOL],
    view: false,
  },
  {
    name: 'transfer_from',
    inputs: [
      ['sender', ADDRESS],
      ['recipient', ADDRESS],
      ['amount', U256],
    ],
    outputs: [BOOL],
    view: false,
  },
  {
    name: 'approve',
    inputs: [
      ['spender', ADDRESS],
      ['amount', U256],
    ],
    outputs: [BOOL],
    view: false,
  },
];

const ACCOUNT_FUNCTIONS: StubFunction[] = [
  { name: 'get_owner', inputs: [], outputs: [FELT], view: true },
  { name: 'get_guardian', inputs: [], outputs: [FELT], view: true },
  {
    name: 'is_valid_signature',
    inputs: [
      ['hash', FELT],
      ['signature', 'core::array::Array::<core::felt252>'],
    ],
    outputs: [FELT],
    view: true,
  },
  {
    name: 'supports_interface',
    inputs: [['interface_id', FELT]],
    outputs: [BOOL],
    view: true,
  },
];

/**
 * A Cairo-1 ABI (one interface with the functions) as JSON values.
 *
 * @param name - Interface name.
 * @param functions - Its functions.
 * @returns The ABI entries.
 */
function cairo1Abi(name: string, functions: StubFunction[]): Json[] {
  return [
    {
      type: 'interface',
      name,
      items: functions.map((fn) => ({
        type: 'function',
        name: fn.name,
        inputs: fn.inputs.map(([argName, type]) => ({ name: argName, type })),
        outputs: fn.outputs.map((type) => ({ type })),
        state_mutability: fn.view ? 'view' : 'external',
      })),
    },
  ];
}

/**
 * A Sierra class body with one external entry point per function (sorted by selector,
 * as compilers emit them) and the ABI as a string, as `starknet_getClass` answers.
 *
 * @param abi - ABI entries.
 * @param functionNames - Names of the external functions.
 * @param hasConstructor - Whether to list a constructor entry point.
 * @returns The class body.
 */
export function sierraStub(
  abi: Json[],
  functionNames: string[],
  hasConstructor: boolean,
): JsonObject {
  const external = functionNames
    .map((name) => BigInt(hash.getSelectorFromName(name)))
    .sort((a, b) => (a < b ? -1 : 1))
    .map((selector, index) => ({
      selector: feltHex(selector),
      function_idx: index,
    }));
  return {
    sierra_program: ['0x1', '0x7', '0x0', '0x2', '0xb', '0x4'],
    contract_class_version: '0.1.0',
    entry_points_by_type: {
      CONSTRUCTOR: hasConstructor
        ? [
            {
              selector: feltHex(
                BigInt(hash.getSelectorFromName('constructor')),
              ),
              function_idx: external.length,
            },
          ]
        : [],
      EXTERNAL: external,
      L1_HANDLER: [],
    },
    abi: JSON.stringify(abi),
  };
}

/**
 * A legacy (Cairo 0) class body: gzipped, base64 program, and a Cairo-0 ABI.
 *
 * @param functions - Names of the external functions, all felt-typed.
 * @returns The class body.
 */
function legacyStub(functions: string[]): JsonObject {
  const external = functions
    .map((name) => BigInt(hash.getSelectorFromName(name)))
    .sort((a, b) => (a < b ? -1 : 1))
    .map((selector, index) => ({
      selector: feltHex(selector),
      offset: feltHex(BigInt(index)),
    }));
  return {
    program: gzipSync(Buffer.from('{}')).toString('base64'),
    entry_points_by_type: {
      CONSTRUCTOR: [],
      EXTERNAL: external,
      L1_HANDLER: [],
    },
    abi: functions.map((name) => ({
      type: 'function',
      name,
      inputs: [],
      outputs: [{ name: 'res', type: 'felt' }],
    })),
  };
}

/**
 * A Sierra stub for a contract whose functions are given by name (admin `addContract`).
 *
 * @param names - Function names.
 * @returns The class body.
 */
export function genericClass(names: string[]): JsonObject {
  return sierraStub(
    cairo1Abi(
      'fake::IGeneric',
      names.map((name) => ({ name, inputs: [], outputs: [FELT], view: false })),
    ),
    names,
    false,
  );
}

/**
 * Classes declared at genesis: the two account classes, the proxy implementation and
 * the token class.
 *
 * @returns Class hash -> body.
 */
export function genesisClasses(): Map<bigint, JsonObject> {
  const proxyFunctions = [
    'getSigner',
    'getGuardian',
    'isValidSignature',
    'supportsInterface',
  ];
  const argent = sierraStub(
    cairo1Abi('argent::account::interface::IArgentAccount', ACCOUNT_FUNCTIONS),
    ACCOUNT_FUNCTIONS.map((fn) => fn.name),
    true,
  );
  return new Map([
    [ARGENT_ACCOUNT_CLASS_HASH, argent],
    // Declared on both networks: the class an Argent 0.3.1 account upgrades to.
    [ARGENT_040_ACCOUNT_CLASS_HASH, argent],
    [
      ARGENT_PROXY_CLASS_HASH,
      legacyStub(['get_implementation', ...proxyFunctions]),
    ],
    [ARGENT_PROXY_IMPLEMENTATION, legacyStub(proxyFunctions)],
    [
      FAKE_ERC20_CLASS_HASH,
      sierraStub(
        cairo1Abi(
          'openzeppelin::token::erc20::interface::IERC20',
          ERC20_FUNCTIONS,
        ),
        ERC20_FUNCTIONS.map((fn) => fn.name),
        true,
      ),
    ],
  ]);
}
