import { beforeEach, describe, expect, it } from '@jest/globals';

import { fakeNode } from '../../src/fakeNode/admin';
import { GAS_PRICES, GAS_USAGE, feeFor } from '../../src/fakeNode/constants';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import {
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
} from './helpers';

const node = fakeNode('sepolia');
const account = expectedAccount(0);
const CALLS = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: ['0x42', '1', '0'],
  },
];
const DECIMAL = /^[0-9]+$/u;

describe('fee estimates', () => {
  beforeEach(async () => {
    await node.reset();
    await node.setBalance(STRK, account.address, 10n ** 19n);
  });

  it('estimateFee for a deployed account: base-10 strings in fri, two round trips', async () => {
    await node.deployAccount({ publicKey: account.publicKey });
    const { request } = await installSnapnet();
    await node.clearRequests();
    const estimate = resultOf(
      await request({
        method: 'snapnet_estimateFee',
        params: { address: account.address, invocations: CALLS },
      }),
    ) as Record<string, unknown>;
    expect(estimate).toMatchObject({ unit: 'fri', includeDeploy: false });
    for (const key of [
      'suggestedMaxFee',
      'overallFee',
      'gasConsumed',
      'gasPrice',
    ]) {
      expect(estimate[key]).toMatch(DECIMAL);
    }
    // The node's own figure; bounds 50 % above it on amounts and L1 prices (2.25×), and
    // the L2 price at twice the current one (3× on L2 gas).
    expect(estimate.overallFee).toBe(feeFor('INVOKE').toString());
    const gas = GAS_USAGE.INVOKE;
    expect(estimate.suggestedMaxFee).toBe(
      (
        gas.l2Gas * GAS_PRICES.l2Gas.fri * 3n +
        (gas.l1DataGas * GAS_PRICES.l1DataGas.fri * 225n) / 100n
      ).toString(),
    );
    expect((await node.requests()).httpRequests).toBeLessThanOrEqual(2);
  });

  it('estimateFee for an undeployed account covers deploy and invoke', async () => {
    const { request } = await installSnapnet();
    const deployedEstimate = async () =>
      resultOf(
        await request({
          method: 'snapnet_estimateFee',
          params: { address: account.address, invocations: CALLS },
        }),
      ) as Record<string, string | boolean>;
    const both = await deployedEstimate();
    expect(both.includeDeploy).toBe(true);
    await node.deployAccount({ publicKey: account.publicKey });
    const invokeOnly = await deployedEstimate();
    expect(both.overallFee).toBe(
      (feeFor('DEPLOY_ACCOUNT') + feeFor('INVOKE')).toString(),
    );
    expect(invokeOnly.overallFee).toBe(feeFor('INVOKE').toString());
  });

  it('estimateAccountDeployFee estimates the deployment of the next account', async () => {
    const { request } = await installSnapnet();
    // The next unused index is MetaMask's default (a page's is its current account).
    const estimate = resultOf(
      await request({
        method: 'snapnet_estimateAccountDeployFee',
        params: {},
        origin: 'metamask',
      }),
    ) as Record<string, unknown>;
    expect(estimate.unit).toBe('fri');
    expect(estimate.overallFee).toBe(feeFor('DEPLOY_ACCOUNT').toString());
    expect(estimate).not.toHaveProperty('includeDeploy');
    await node.deployAccount({ publicKey: account.publicKey });
    const error = errorOf(
      await request({
        method: 'snapnet_estimateAccountDeployFee',
        params: { addressIndex: 0 },
        origin: 'metamask',
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.data).toMatchObject({ walletRpcError: { code: 115 } });
  });

  it('names the bad field and reports node failures', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_estimateFee',
        params: { address: account.address, invocations: 'all' },
      }),
      'invocations',
    );
    await node.fault({ kind: 'http500', method: 'starknet_estimateFee' });
    const error = errorOf(
      await request({
        method: 'snapnet_estimateFee',
        params: { address: account.address, invocations: CALLS },
      }),
    );
    expect(error.data).toMatchObject({ node: { httpStatus: 500 } });
  });
});
