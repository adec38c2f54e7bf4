import { hash } from 'starknet';

import {
  ARGENT_CLASS_HASH,
  accountAddress,
  argentConstructorCalldata,
} from './address';
import { starknetChainId } from './transactions';
import type { V3Fields } from './transactions';

/** What deploying a wallet account takes: the Argent Cairo 1 account of its key. */
export type DeployData = {
  address: string;
  classHash: string;
  salt: string;
  constructorCalldata: string[];
};

/**
 * Deployment data of the account whose signer is `publicKey`.
 *
 * @param publicKey - The account's Stark public key.
 * @returns Class, salt (the key), constructor calldata and resulting address.
 */
export function deployData(publicKey: string): DeployData {
  return {
    address: accountAddress(publicKey, '1'),
    classHash: ARGENT_CLASS_HASH,
    salt: publicKey,
    constructorCalldata: argentConstructorCalldata(publicKey),
  };
}

/**
 * The V3 deploy_account transaction hash, computed with starknet.js.
 *
 * @param data - Deployment data.
 * @param chainId - Network chain id.
 * @param fields - Resolved V3 fields (nonce 0).
 * @returns The hash.
 */
export function deployAccountHash(
  data: DeployData,
  chainId: string,
  fields: V3Fields,
): string {
  return hash.calculateDeployAccountTransactionHash({
    contractAddress: data.address,
    classHash: data.classHash,
    compiledConstructorCalldata: data.constructorCalldata,
    salt: data.salt,
    version: '0x3',
    chainId: starknetChainId(chainId),
    nonce: fields.nonce,
    nonceDataAvailabilityMode: fields.nonceDataAvailabilityMode,
    feeDataAvailabilityMode: fields.feeDataAvailabilityMode,
    resourceBounds: fields.resourceBounds,
    tip: fields.tip,
    paymasterData: fields.paymasterData,
  });
}
