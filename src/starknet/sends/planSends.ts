import type { AccountKeys } from '../../keys/derive';
import type { AccountRecord } from '../../state/types';
import { toFelt64 } from '../accounts/address';
import { signHash } from '../accounts/signature';
import type { NodeClient } from '../node/node';
import { deployAccountTx, invokeTx, V3 } from '../node/wire';
import { deployAccountHash } from './deploy';
import type { DeployStep, InvokeStep } from './invokePlan';
import type { Sent } from './send';
import { sendTransaction } from './send';
import { invokeHash } from './transactions';

/**
 * Signs and sends the deployment of a plan.
 *
 * @param node - Node client.
 * @param step - The deployment.
 * @param keys - The account's keys.
 * @param chainId - Network chain id.
 * @returns The deploy transaction and what became of it.
 */
export async function sendDeploy(
  node: NodeClient,
  step: DeployStep,
  keys: AccountKeys,
  chainId: string,
): Promise<Sent> {
  const txHash = toFelt64(deployAccountHash(step.data, chainId, step.fields));
  return sendTransaction(
    node,
    'starknet_addDeployAccountTransaction',
    {
      deploy_account_transaction: deployAccountTx({
        classHash: step.data.classHash,
        salt: step.data.salt,
        constructorCalldata: step.data.constructorCalldata,
        fields: step.fields,
        version: V3,
        signature: signHash(txHash, keys.privateKey),
      }),
    },
    { txHash, address: step.data.address },
  );
}

/**
 * Signs and sends the invoke of a plan.
 *
 * @param node - Node client.
 * @param step - The invoke.
 * @param account - The sending account.
 * @param keys - Its keys.
 * @param chainId - Network chain id.
 * @returns The invoke transaction and what became of it.
 */
export async function sendInvoke(
  node: NodeClient,
  step: InvokeStep,
  account: AccountRecord,
  keys: AccountKeys,
  chainId: string,
): Promise<Sent> {
  const txHash = toFelt64(
    invokeHash({
      senderAddress: account.address,
      calldata: step.calldata,
      chainId,
      fields: step.fields,
    }),
  );
  return sendTransaction(
    node,
    'starknet_addInvokeTransaction',
    {
      invoke_transaction: invokeTx({
        senderAddress: account.address,
        calldata: step.calldata,
        fields: step.fields,
        version: V3,
        signature: signHash(txHash, keys.privateKey),
      }),
    },
    { txHash },
  );
}
