/**
 * Broadcasted V3 transactions (invoke, deploy_account, declare) as the node reads them
 * from JSON-RPC params. Other versions are refused with UNSUPPORTED_TX_VERSION (61).
 */
import { invalidParams, unsupportedTxVersion } from './errors';
import { feltArray, feltAt, feltsAt, member, stringAt } from './params';

/** Hash and derived identifiers of a transaction, computed from what was received. */
export type Identified = {
  hash: bigint;
  /** The account paying (sender, or the deployed address of a deploy_account). */
  payer: bigint;
  classHash?: bigint;
};

/** Transaction version 3, and its query variant (2^128 + 3) used for estimates. */
export const V3 = 3n;
export const QUERY_V3 = 2n ** 128n + 3n;

/** Data availability mode of a V3 transaction. */
export type DaMode = 'L1' | 'L2';

/** One resource's bound. */
export type Bound = { maxAmount: bigint; maxPrice: bigint };

/** The three resource bounds of a V3 transaction. */
export type Bounds = { l1Gas: Bound; l2Gas: Bound; l1DataGas: Bound };

/** Fields every V3 transaction has. */
export type CommonV3 = {
  version: bigint;
  signature: bigint[];
  nonce: bigint;
  bounds: Bounds;
  tip: bigint;
  paymasterData: bigint[];
  nonceDa: DaMode;
  feeDa: DaMode;
};

export type InvokeTx = CommonV3 & {
  type: 'INVOKE';
  sender: bigint;
  calldata: bigint[];
  accountDeploymentData: bigint[];
  proofFacts: bigint[];
};

export type DeployAccountTx = CommonV3 & {
  type: 'DEPLOY_ACCOUNT';
  classHash: bigint;
  salt: bigint;
  constructorCalldata: bigint[];
};

/** A Sierra entry point as the spec writes it. */
export type SierraEntryPoint = { selector: string; function_idx: number };

/** The spec's uncompressed Sierra `contract_class` of a declare transaction. */
export type SierraClass = {
  sierra_program: string[];
  contract_class_version: string;
  entry_points_by_type: {
    CONSTRUCTOR: SierraEntryPoint[];
    EXTERNAL: SierraEntryPoint[];
    L1_HANDLER: SierraEntryPoint[];
  };
  abi: string;
};

export type DeclareTx = CommonV3 & {
  type: 'DECLARE';
  sender: bigint;
  compiledClassHash: bigint;
  accountDeploymentData: bigint[];
  contractClass: SierraClass;
};

/** Any transaction the node accepts. */
export type Tx = InvokeTx | DeployAccountTx | DeclareTx;

/**
 * Parses a data availability mode.
 *
 * @param value - Raw mode.
 * @param path - Field path.
 * @returns `L1` or `L2`.
 */
function daMode(value: unknown, path: string): DaMode {
  if (value === undefined || value === 'L1') {
    return 'L1';
  }
  if (value === 'L2') {
    return 'L2';
  }
  throw invalidParams(`${path} must be L1 or L2`);
}

/**
 * Parses `resource_bounds` (l1_gas, l2_gas, l1_data_gas).
 *
 * @param value - Raw bounds.
 * @param path - Field path.
 * @returns The bounds.
 */
function bounds(value: unknown, path: string): Bounds {
  const one = (key: string): Bound => {
    const entry = member(value, key, path);
    return {
      maxAmount: feltAt(entry, 'max_amount', `${path}.${key}`),
      maxPrice: feltAt(entry, 'max_price_per_unit', `${path}.${key}`),
    };
  };
  return {
    l1Gas: one('l1_gas'),
    l2Gas: one('l2_gas'),
    l1DataGas: one('l1_data_gas'),
  };
}

/**
 * Parses the fields all V3 transactions share, after checking the version.
 *
 * @param raw - The transaction object.
 * @param path - Its path.
 * @param allowQuery - Whether the query version (estimates) is allowed.
 * @returns The common fields.
 */
function commonV3(raw: unknown, path: string, allowQuery: boolean): CommonV3 {
  const version = feltAt(raw, 'version', path);
  if (version !== V3 && !(allowQuery && version === QUERY_V3)) {
    throw unsupportedTxVersion();
  }
  return {
    version,
    signature: feltsAt(raw, 'signature', path, true),
    nonce: feltAt(raw, 'nonce', path),
    bounds: bounds(
      member(raw, 'resource_bounds', path),
      `${path}.resource_bounds`,
    ),
    tip: member(raw, 'tip', path) === undefined ? 0n : feltAt(raw, 'tip', path),
    paymasterData: feltsAt(raw, 'paymaster_data', path, true),
    nonceDa: daMode(member(raw, 'nonce_data_availability_mode', path), path),
    feeDa: daMode(member(raw, 'fee_data_availability_mode', path), path),
  };
}

/**
 * Parses a Sierra `contract_class` (uncompressed, ABI as a string).
 *
 * @param raw - The class object.
 * @param path - Its path.
 * @returns The class.
 */
function sierraClass(raw: unknown, path: string): SierraClass {
  const program = member(raw, 'sierra_program', path);
  if (
    !Array.isArray(program) ||
    !program.every((it) => typeof it === 'string')
  ) {
    throw invalidParams(
      `${path}.sierra_program must be an array of felts (uncompressed)`,
    );
  }
  feltArray(program, `${path}.sierra_program`);
  const entryPoints = member(raw, 'entry_points_by_type', path);
  const list = (key: string): SierraEntryPoint[] => {
    const items = member(entryPoints, key, `${path}.entry_points_by_type`);
    if (!Array.isArray(items)) {
      throw invalidParams(
        `${path}.entry_points_by_type.${key} must be an array`,
      );
    }
    return items.map((item: unknown, index) => {
      const itemPath = `${path}.entry_points_by_type.${key}[${index}]`;
      const idx = member(item, 'function_idx', itemPath);
      if (typeof idx !== 'number' || !Number.isSafeInteger(idx)) {
        throw invalidParams(`${itemPath}.function_idx must be an integer`);
      }
      feltAt(item, 'selector', itemPath);
      return {
        selector: stringAt(item, 'selector', itemPath),
        function_idx: idx,
      };
    });
  };
  const abi = member(raw, 'abi', path);
  if (abi !== undefined && typeof abi !== 'string') {
    throw invalidParams(`${path}.abi must be a string`);
  }
  return {
    sierra_program: program,
    contract_class_version: stringAt(raw, 'contract_class_version', path),
    entry_points_by_type: {
      CONSTRUCTOR: list('CONSTRUCTOR'),
      EXTERNAL: list('EXTERNAL'),
      L1_HANDLER: list('L1_HANDLER'),
    },
    abi: abi ?? '',
  };
}

/**
 * Parses a broadcasted V3 transaction of any type.
 *
 * @param raw - The transaction object.
 * @param path - Its path.
 * @param allowQuery - Whether the query version is allowed (estimates, simulations).
 * @param expected - The type the method requires, if any.
 * @returns The transaction.
 */
export function parseTx(
  raw: unknown,
  path: string,
  allowQuery: boolean,
  expected?: Tx['type'],
): Tx {
  const type = stringAt(raw, 'type', path);
  if (expected && type !== expected) {
    throw invalidParams(`${path}.type must be ${expected}`);
  }
  if (type === 'INVOKE') {
    return {
      type,
      ...commonV3(raw, path, allowQuery),
      sender: feltAt(raw, 'sender_address', path),
      calldata: feltsAt(raw, 'calldata', path),
      accountDeploymentData: feltsAt(
        raw,
        'account_deployment_data',
        path,
        true,
      ),
      proofFacts: feltsAt(raw, 'proof_facts', path, true),
    };
  }
  if (type === 'DEPLOY_ACCOUNT') {
    return {
      type,
      ...commonV3(raw, path, allowQuery),
      classHash: feltAt(raw, 'class_hash', path),
      salt: feltAt(raw, 'contract_address_salt', path),
      constructorCalldata: feltsAt(raw, 'constructor_calldata', path),
    };
  }
  if (type === 'DECLARE') {
    return {
      type,
      ...commonV3(raw, path, allowQuery),
      sender: feltAt(raw, 'sender_address', path),
      compiledClassHash: feltAt(raw, 'compiled_class_hash', path),
      accountDeploymentData: feltsAt(
        raw,
        'account_deployment_data',
        path,
        true,
      ),
      contractClass: sierraClass(
        member(raw, 'contract_class', path),
        `${path}.contract_class`,
      ),
    };
  }
  throw invalidParams(`${path}.type must be INVOKE, DEPLOY_ACCOUNT or DECLARE`);
}
