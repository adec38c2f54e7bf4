import type { Json } from '@metamask/utils';
import { hash } from 'starknet';

import type { AccountRecord } from '../../state/types';
import type { CairoVersion } from '../accounts/address';
import {
  ARGENT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
  accountAddress,
  argentConstructorCalldata,
  proxyConstructorCalldata,
} from '../accounts/address';
import { deployAccountTx, V3_QUERY } from '../node/wire';
import type { AccountStatus } from './accountStatus';
import { starknetChainId, v3Fields } from './transactions';
import type { V3Fields } from './transactions';

/** What deploying a wallet account takes: the class, salt and constructor of its address. */
export type DeployData = {
  address: string;
  classHash: string;
  salt: string;
  constructorCalldata: string[];
};

/**
 * Deployment data of the account whose signer is `publicKey`: the Argent Cairo 1
 * account, or the legacy proxy (salt = key, deployer 0) whose address a legacy
 * record holds.
 *
 * @param publicKey - The account's Stark public key.
 * @param cairoVersion - Which formula derived the address.
 * @returns Class, salt (the key), constructor calldata and resulting address.
 */
export function deployData(
  publicKey: string,
  cairoVersion: CairoVersion = '1',
): DeployData {
  const legacy = cairoVersion === '0';
  return {
    address: accountAddress(publicKey, cairoVersion),
    classHash: legacy ? ARGENT_PROXY_CLASS_HASH : ARGENT_CLASS_HASH,
    salt: publicKey,
    constructorCalldata: legacy
      ? proxyConstructorCalldata(publicKey)
      : argentConstructorCalldata(publicKey),
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

/**
 * A deployment on the wire for an estimate: query version, unsigned.
 *
 * @param step - The deployment.
 * @param step.data - What it deploys.
 * @param step.fields - Its V3 fields.
 * @returns The wire transaction.
 */
export function deployQuery(step: {
  data: DeployData;
  fields: V3Fields;
}): Record<string, Json> {
  return deployAccountTx({
    classHash: step.data.classHash,
    salt: step.data.salt,
    constructorCalldata: step.data.constructorCalldata,
    fields: step.fields,
    version: V3_QUERY,
    signature: [],
  });
}

/**
 * What to estimate in front of an account's next transaction: its deploy_account when
 * the node has received it but does not count it yet (a node cannot estimate for an
 * undeployed sender), nothing otherwise. Its estimate is not part of any plan.
 *
 * @param account - The sending wallet account.
 * @param status - Its status.
 * @returns The wire transactions to put in front.
 */
export function estimateFront(
  account: AccountRecord,
  status: AccountStatus,
): Record<string, Json>[] {
  return status.deploying
    ? [
        deployQuery({
          data: deployData(account.publicKey, account.cairoVersion),
          fields: v3Fields(undefined, 0n),
        }),
      ]
    : [];
}
