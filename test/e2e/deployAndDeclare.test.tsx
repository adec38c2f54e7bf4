import { beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CompiledSierra } from 'starknet';
import { hash } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const account = expectedAccount(0);
const SIERRA: CompiledSierra = JSON.parse(
  readFileSync(
    resolve(__dirname, '../fixtures/fake-node-minimal.sierra.json'),
    'utf8',
  ),
);
const COMPILED_CLASS_HASH = '0x0123';

describe('snapnet_createAccount with deploy', () => {
  beforeEach(async () => {
    await node.reset();
  });

  it('shows the fee, deploys, and refuses a second deployment', async () => {
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_createAccount',
      params: { addressIndex: 0, deploy: true },
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain('Deploy account');
    expect(textOf(ui)).toMatch(/Estimated fee\s+0\.\d+ STRK/u);
    await ui.ok();
    const result = resultOf(await pending) as {
      address: string;
      transaction_hash: string;
    };
    expect(result.address).toBe(account.address);
    const [sent] = await node.transactions();
    expect(sent).toMatchObject({ type: 'DEPLOY_ACCOUNT' });
    expect(BigInt(sent?.hash ?? 0)).toBe(BigInt(result.transaction_hash));
    const listed = resultOf(await request({ method: 'snapnet_listAccounts' }));
    expect(listed).toMatchObject([
      { address: account.address, deployTxnHash: result.transaction_hash },
    ]);

    const again = errorOf(
      await request({
        method: 'snapnet_createAccount',
        params: { addressIndex: 0, deploy: true },
      }),
    );
    expect(again.code).toBe(-32602);
    expect(again.data).toMatchObject({ walletRpcError: { code: 115 } });
  });

  it('sends nothing when the user rejects', async () => {
    await node.setBalance(STRK, account.address, 10n ** 19n);
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_createAccount',
      params: { deploy: true },
    });
    await (await confirmationOf(pending)).cancel();
    expect(errorOf(await pending).code).toBe(4001);
    expect(await node.transactions()).toEqual([]);
  });
});

describe('snapnet_declareContract', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: account.publicKey });
    await node.setBalance(STRK, account.address, 10n ** 20n);
  });

  it('declares with the class hash computed independently, then refuses a repeat', async () => {
    const expectedClassHash = `0x${BigInt(hash.computeContractClassHash(SIERRA))
      .toString(16)
      .padStart(64, '0')}`;
    const { request } = await installSnapnet();
    const params = {
      senderAddress: account.address,
      contractPayload: {
        contract: SIERRA,
        compiledClassHash: COMPILED_CLASS_HASH,
      },
    };
    const pending = request({
      method: 'snapnet_declareContract',
      params: params as never,
    });
    const ui = await confirmationOf(pending);
    expect(textOf(ui)).toContain(expectedClassHash);
    expect(textOf(ui)).toContain('Declare contract');
    await ui.ok();
    const result = resultOf(await pending) as {
      transaction_hash: string;
      class_hash: string;
    };
    expect(result.class_hash).toBe(expectedClassHash);
    const [sent] = await node.transactions();
    expect(sent).toMatchObject({ type: 'DECLARE' });
    expect(BigInt(sent?.classHash ?? 0)).toBe(BigInt(expectedClassHash));
    expect(BigInt(sent?.hash ?? 0)).toBe(BigInt(result.transaction_hash));

    // Once the sequencer included it, the class exists at pre_confirmed.
    await node.include();
    const again = errorOf(
      await request({
        method: 'snapnet_declareContract',
        params: params as never,
      }),
    );
    expect(again.code).toBe(-32602);
    expect(again.message).toContain('already declared');
  });

  it('names the bad field', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_declareContract',
        params: {
          senderAddress: account.address,
          contractPayload: { contract: SIERRA },
        } as never,
      }),
      'contractPayload.compiledClassHash',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_declareContract',
        params: {
          senderAddress: account.address,
          contractPayload: { contract: { abi: [] } },
        },
      }),
      'contractPayload.contract.sierra_program',
    );
  });
});
