/**
 * Transaction hashes, class hashes and signature checks, all computed with starknet.js'
 * own helpers from what the node received, so a client that hashes or signs anything
 * differently from starknet.js is caught here exactly as a real node would catch it.
 */
import type { constants, ResourceBoundsBN } from 'starknet';
import { EDAMode, ETransactionVersion3, ec, hash, shortString } from 'starknet';

import type { NetworkName } from './constants';
import { CHAIN_IDS } from './constants';
import { feltHex } from './json';
import type {
  Bounds,
  CommonV3,
  DaMode,
  DeclareTx,
  DeployAccountTx,
  InvokeTx,
  SierraClass,
  SierraEntryPoint,
} from './transactions';
import { QUERY_V3 } from './transactions';

/**
 * The version string starknet.js' hash helpers expect.
 *
 * @param version - 3 or the query version.
 * @returns `0x3` or `0x100000000000000000000000000000003`.
 */
function versionString(version: bigint): `${ETransactionVersion3}` {
  return version === QUERY_V3
    ? ETransactionVersion3.F3
    : ETransactionVersion3.V3;
}

/**
 * The numeric DA mode starknet.js' hash helpers expect.
 *
 * @param mode - L1 or L2.
 * @returns EDAMode.L1 (0) or EDAMode.L2 (1).
 */
function daMode(mode: DaMode): EDAMode {
  return mode === 'L2' ? EDAMode.L2 : EDAMode.L1;
}

/**
 * Resource bounds in starknet.js' bigint shape.
 *
 * @param bounds - Parsed bounds.
 * @returns The bounds for the hash helpers.
 */
function boundsBN(bounds: Bounds): ResourceBoundsBN {
  return {
    l1_gas: {
      max_amount: bounds.l1Gas.maxAmount,
      max_price_per_unit: bounds.l1Gas.maxPrice,
    },
    l2_gas: {
      max_amount: bounds.l2Gas.maxAmount,
      max_price_per_unit: bounds.l2Gas.maxPrice,
    },
    l1_data_gas: {
      max_amount: bounds.l1DataGas.maxAmount,
      max_price_per_unit: bounds.l1DataGas.maxPrice,
    },
  };
}

/** Hash arguments every V3 type shares. */
type CommonHashArgs = {
  version: `${ETransactionVersion3}`;
  chainId: constants.StarknetChainId;
  nonce: bigint;
  nonceDataAvailabilityMode: EDAMode;
  feeDataAvailabilityMode: EDAMode;
  resourceBounds: ResourceBoundsBN;
  tip: bigint;
  paymasterData: bigint[];
};

/**
 * Hash inputs common to every V3 type.
 *
 * @param tx - The transaction.
 * @param network - Its network (chain id).
 * @returns The shared arguments.
 */
function common(tx: CommonV3, network: NetworkName): CommonHashArgs {
  return {
    version: versionString(tx.version),
    chainId: CHAIN_IDS[network],
    nonce: tx.nonce,
    nonceDataAvailabilityMode: daMode(tx.nonceDa),
    feeDataAvailabilityMode: daMode(tx.feeDa),
    resourceBounds: boundsBN(tx.bounds),
    tip: tx.tip,
    paymasterData: tx.paymasterData,
  };
}

/**
 * Hash of an invoke V3 transaction (`hash.calculateInvokeTransactionHash`).
 *
 * @param tx - The transaction.
 * @param network - Its network.
 * @returns The hash.
 */
export function invokeHash(tx: InvokeTx, network: NetworkName): bigint {
  return BigInt(
    hash.calculateInvokeTransactionHash({
      ...common(tx, network),
      senderAddress: tx.sender,
      compiledCalldata: tx.calldata.map((it) => it.toString()),
      accountDeploymentData: tx.accountDeploymentData,
      ...(tx.proofFacts.length > 0 ? { proofFacts: tx.proofFacts } : {}),
    }),
  );
}

/**
 * Address a deploy_account transaction deploys to (deployer 0).
 *
 * @param tx - The transaction.
 * @returns The contract address.
 */
export function deployAccountAddress(tx: DeployAccountTx): bigint {
  return BigInt(
    hash.calculateContractAddressFromHash(
      tx.salt,
      tx.classHash,
      tx.constructorCalldata.map((it) => it.toString()),
      0,
    ),
  );
}

/**
 * Hash of a deploy_account V3 transaction.
 *
 * @param tx - The transaction.
 * @param network - Its network.
 * @returns The hash.
 */
export function deployAccountHash(
  tx: DeployAccountTx,
  network: NetworkName,
): bigint {
  return BigInt(
    hash.calculateDeployAccountTransactionHash({
      ...common(tx, network),
      contractAddress: deployAccountAddress(tx),
      classHash: tx.classHash,
      compiledConstructorCalldata: tx.constructorCalldata.map((it) =>
        it.toString(),
      ),
      salt: tx.salt,
    }),
  );
}

/**
 * Poseidon hash of Sierra entry points, as the class hash defines it.
 *
 * @param entryPoints - Entry points.
 * @returns The hash.
 */
function entryPointsHash(entryPoints: SierraEntryPoint[]): bigint {
  return BigInt(
    hash.computePoseidonHashOnElements(
      entryPoints.flatMap((it) => [
        BigInt(it.selector),
        BigInt(it.function_idx),
      ]),
    ),
  );
}

/**
 * Class hash of a Sierra class as the network computes it: the ABI is hashed as the
 * exact string received (starknet.js formats its ABI string so that this equals
 * `hash.computeSierraContractClassHash` of the original class; a client that sends
 * a differently formatted ABI string gets a different class hash, as on the real
 * network).
 *
 * @param contractClass - The class received in a declare transaction.
 * @returns The class hash.
 */
export function sierraClassHash(contractClass: SierraClass): bigint {
  return BigInt(
    hash.computePoseidonHashOnElements([
      BigInt(shortString.encodeShortString('CONTRACT_CLASS_V0.1.0')),
      entryPointsHash(contractClass.entry_points_by_type.EXTERNAL),
      entryPointsHash(contractClass.entry_points_by_type.L1_HANDLER),
      entryPointsHash(contractClass.entry_points_by_type.CONSTRUCTOR),
      BigInt(hash.starknetKeccak(contractClass.abi)),
      BigInt(hash.computePoseidonHashOnElements(contractClass.sierra_program)),
    ]),
  );
}

/**
 * Hash of a declare V3 transaction.
 *
 * @param tx - The transaction.
 * @param network - Its network.
 * @param classHash - The class hash computed from `contract_class`.
 * @returns The hash.
 */
export function declareHash(
  tx: DeclareTx,
  network: NetworkName,
  classHash: bigint,
): bigint {
  return BigInt(
    hash.calculateDeclareTransactionHash({
      ...common(tx, network),
      classHash: feltHex(classHash),
      compiledClassHash: feltHex(tx.compiledClassHash),
      senderAddress: tx.sender,
      accountDeploymentData: tx.accountDeploymentData,
    }),
  );
}

/**
 * Checks a `[r, s]` Stark signature against a public key given as its x coordinate,
 * accepting either point with that x (as the Cairo `check_ecdsa_signature` does).
 *
 * @param signature - The signature felts.
 * @param messageHash - The signed hash.
 * @param publicKey - The signer's public key (x coordinate).
 * @returns Whether the signature is valid.
 */
export function verifySignature(
  signature: readonly bigint[],
  messageHash: bigint,
  publicKey: bigint,
): boolean {
  const [sigR, sigS] = signature;
  if (signature.length !== 2 || sigR === undefined || sigS === undefined) {
    return false;
  }
  const xCoordinate = publicKey.toString(16).padStart(64, '0');
  const message = feltHex(messageHash);
  return ['02', '03'].some((prefix) => {
    try {
      return ec.starkCurve.verify(
        new ec.starkCurve.Signature(sigR, sigS),
        message,
        `${prefix}${xCoordinate}`,
      );
    } catch {
      return false;
    }
  });
}
