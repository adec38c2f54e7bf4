import { describe, expect, it } from '@jest/globals';
import { Account } from 'starknet';

import { feeFor } from './constants';
import {
  ARGENT_CLASS,
  ETH,
  INVOKE_BOUNDS as BOUNDS,
  STRK,
  account,
  ethTransfer as transfer,
  newKey,
  post,
  provider,
  rpcFailure,
  seededKey,
  useFakeNode,
} from './testing';

describe('fake Starknet node: transactions', () => {
  const fake = useFakeNode();

  it('deploys an account with a real deploy_account from a funded counterfactual address', async () => {
    const key = newKey();
    await fake.admin.setBalance(STRK, key.address, 10n ** 18n);
    const rpc = provider(fake.node.sepoliaUrl);
    const result = await account(rpc, key).deployAccount({
      classHash: ARGENT_CLASS,
      constructorCalldata: key.constructorCalldata,
      addressSalt: key.publicKey,
      contractAddress: key.address,
    });
    expect(BigInt(result.contract_address)).toBe(BigInt(key.address));
    // Received only: nothing counts it until the sequencer includes it.
    expect(await fake.admin.nonceOf(key.address)).toBe(0n);
    await expect(
      rpc.getClassHashAt(key.address, 'pre_confirmed'),
    ).rejects.toThrow(/Contract not found/u);
    expect(await fake.admin.include()).toStrictEqual([
      `0x${BigInt(result.transaction_hash).toString(16)}`,
    ]);
    expect(await fake.admin.nonceOf(key.address)).toBe(1n);
    expect(await fake.admin.nonceOf(key.address, 'latest')).toBe(0n);
    expect(await rpc.getTransactionStatus(result.transaction_hash)).toEqual({
      finality_status: 'PRE_CONFIRMED',
      execution_status: 'SUCCEEDED',
    });
    await fake.admin.mine();
    expect(await rpc.getTransactionStatus(result.transaction_hash)).toEqual({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'SUCCEEDED',
    });
    expect(BigInt(await rpc.getClassHashAt(key.address))).toBe(
      BigInt(ARGENT_CLASS),
    );
    const owner = await rpc.callContract({
      contractAddress: key.address,
      entrypoint: 'get_owner',
    });
    expect(BigInt(owner[0] ?? 0)).toBe(BigInt(key.publicKey));
    expect(await fake.admin.getBalance(STRK, key.address)).toBe(
      10n ** 18n - feeFor('DEPLOY_ACCOUNT'),
    );
    const receipt = await rpc.getTransactionReceipt(result.transaction_hash);
    expect(receipt.isSuccess()).toBe(true);
    const [tx] = await fake.admin.transactions();
    expect(tx).toMatchObject({
      type: 'DEPLOY_ACCOUNT',
      nonce: 0,
      status: 'ACCEPTED_ON_L2',
    });
  });

  it('rejects a deploy_account whose address is unfunded (54) or already deployed (52)', async () => {
    const key = newKey();
    const rpc = provider(fake.node.sepoliaUrl);
    const deploy = async (details = {}) =>
      account(rpc, key).deployAccount(
        {
          classHash: ARGENT_CLASS,
          constructorCalldata: key.constructorCalldata,
          addressSalt: key.publicKey,
        },
        details,
      );
    expect((await rpcFailure(deploy())).code).toBe(54);
    await fake.admin.setBalance(STRK, key.address, 10n ** 18n);
    await deploy();
    await fake.admin.mine();
    expect((await rpcFailure(deploy())).code).toBe(41);
    const failure = await rpcFailure(
      deploy({ resourceBounds: BOUNDS, tip: 0 }),
    );
    expect(failure.code).toBe(52);
    expect(failure.data).toBe(
      'Invalid deploy account transaction. Account is already deployed (nonce=1).',
    );
  });

  it('executes an ERC-20 transfer: balances move, the fee is charged in STRK', async () => {
    const key = await seededKey(fake.admin);
    await fake.admin.setBalance(ETH, key.address, 1000n);
    const rpc = provider(fake.node.sepoliaUrl);
    const { transaction_hash: txHash } = await account(rpc, key).execute(
      transfer('0x1234', 100n),
    );
    expect(await fake.admin.getBalance(ETH, key.address)).toBe(1000n);
    // A received transaction has no receipt yet.
    expect((await rpcFailure(rpc.getTransactionReceipt(txHash))).code).toBe(29);
    await fake.admin.include();
    expect(await fake.admin.getBalance(ETH, key.address)).toBe(900n);
    expect(await fake.admin.getBalance(ETH, '0x1234')).toBe(100n);
    expect(await fake.admin.getBalance(ETH, key.address, 'latest')).toBe(1000n);
    expect(await fake.admin.getBalance(STRK, key.address)).toBe(
      10n ** 18n - feeFor('INVOKE'),
    );
    await fake.admin.mine();
    const balance = await rpc.callContract({
      contractAddress: ETH,
      entrypoint: 'balanceOf',
      calldata: [key.address],
    });
    expect(balance.map((felt) => BigInt(felt))).toStrictEqual([900n, 0n]);
    const receipt = await rpc.getTransactionReceipt(txHash);
    expect(receipt.isSuccess()).toBe(true);
    const [tx] = await fake.admin.transactions();
    expect(tx).toMatchObject({
      type: 'INVOKE',
      hash: txHash,
      nonce: 0,
      fee: feeFor('INVOKE'),
    });
  });

  it('counts a received transaction for the nonce only once included, like a real node: a client reading the pre-confirmed nonce signs the same nonce twice (52)', async () => {
    const key = await seededKey(fake.admin);
    await fake.admin.setBalance(ETH, key.address, 1000n);
    const sender = account(
      provider(fake.node.sepoliaUrl, 'pre_confirmed'),
      key,
    );
    await sender.execute(transfer('0x1', 1n));
    const duplicate = await rpcFailure(sender.execute(transfer('0x2', 2n)));
    // Same nonce as a pooled send without a 10 % higher tip and L2 price: the mempool's
    // fee-escalation rule refuses it as a duplicate nonce.
    expect(duplicate.code).toBe(52);
    expect(duplicate.data).toMatch(/Duplicate nonce.*Nonce\(0x0\)/u);
    // The next nonce (past the received one) is admitted before inclusion.
    await sender.execute(transfer('0x2', 2n), { nonce: 1 });
    expect(await fake.admin.nonceOf(key.address)).toBe(0n);
    await fake.admin.include(1);
    expect(await fake.admin.nonceOf(key.address)).toBe(1n);
    await fake.admin.include();
    const txs = await fake.admin.transactions();
    expect(txs.map((tx) => [tx.nonce, tx.status])).toStrictEqual([
      [0, 'PRE_CONFIRMED'],
      [1, 'PRE_CONFIRMED'],
    ]);
    expect(await fake.admin.nonceOf(key.address)).toBe(2n);
    expect(await fake.admin.nonceOf(key.address, 'latest')).toBe(0n);
  });

  it('drops a received transaction: its hash answers 29, its nonce is free again, later ones of that sender stay behind the gap', async () => {
    const key = await seededKey(fake.admin);
    await fake.admin.setBalance(ETH, key.address, 1000n);
    const rpc = provider(fake.node.sepoliaUrl, 'pre_confirmed');
    const sender = account(rpc, key);
    const first = await sender.execute(transfer('0x1', 1n));
    const second = await sender.execute(transfer('0x2', 2n), { nonce: 1 });
    // The mempool removes only the rejected send; later nonces wait behind the gap.
    expect(await fake.admin.drop(first.transaction_hash)).toStrictEqual([
      `0x${BigInt(first.transaction_hash).toString(16)}`,
    ]);
    const unknown = await rpcFailure(
      rpc.getTransactionStatus(first.transaction_hash),
    );
    expect(unknown.code).toBe(29);
    await sender.execute(transfer('0x3', 3n), { nonce: 0 });
    await fake.admin.include();
    expect(await fake.admin.getBalance(ETH, '0x3')).toBe(3n);
    expect(await fake.admin.getBalance(ETH, '0x1')).toBe(0n);
    // The send behind the gap lands once the gap is filled.
    expect(await fake.admin.getBalance(ETH, '0x2')).toBe(2n);
    expect(second.transaction_hash).toMatch(/^0x/u);
  });

  it('answers 52 to a second execute that read the latest nonce before mining', async () => {
    const key = await seededKey(fake.admin);
    await fake.admin.setBalance(ETH, key.address, 1000n);
    const sender = account(provider(fake.node.sepoliaUrl), key);
    await sender.execute(transfer('0x1', 1n));
    const failure = await rpcFailure(sender.execute(transfer('0x2', 2n)));
    expect(failure.code).toBe(52);
    expect(failure.data).toMatch(/Duplicate nonce.*Nonce\(0x0\)/u);
  });

  it('answers 55 to a wrong signature', async () => {
    const key = await seededKey(fake.admin);
    const impostor = { ...newKey(), address: key.address };
    const failure = await rpcFailure(
      account(provider(fake.node.sepoliaUrl), impostor).execute(
        transfer('0x1', 0n),
      ),
    );
    expect(failure.code).toBe(55);
    expect(failure.data).toMatch(/invalid-signature/u);
  });

  it('answers 52 to an explicit nonce beyond the gateway gap', async () => {
    const key = await seededKey(fake.admin);
    const failure = await rpcFailure(
      account(provider(fake.node.sepoliaUrl), key).execute(
        transfer('0x1', 0n),
        {
          nonce: 205,
        },
      ),
    );
    expect(failure.code).toBe(52);
  });

  it('answers 54 when STRK does not cover the resource bounds', async () => {
    const key = await seededKey(fake.admin, feeFor('INVOKE'));
    const failure = await rpcFailure(
      account(provider(fake.node.sepoliaUrl), key).execute(transfer('0x1', 0n)),
    );
    expect(failure.code).toBe(54);
  });

  it('answers 55 to an invoke from an undeployed address', async () => {
    const key = newKey();
    await fake.admin.setBalance(STRK, key.address, 10n ** 18n);
    const sender = new Account({
      provider: provider(fake.node.sepoliaUrl),
      address: key.address,
      signer: key.privateKey,
      cairoVersion: '1',
    });
    const failure = await rpcFailure(
      sender.execute(transfer('0x1', 0n), {
        resourceBounds: BOUNDS,
        tip: 0,
        nonce: 0,
      }),
    );
    expect(failure.code).toBe(55);
    expect(failure.data).toMatch(/not deployed/u);
  });

  it('estimates a failing transfer as 41 and reverts it when sent anyway', async () => {
    const key = await seededKey(fake.admin);
    const sender = account(provider(fake.node.sepoliaUrl), key);
    const estimate = await rpcFailure(sender.execute(transfer('0x1', 5n)));
    expect(estimate.code).toBe(41);
    expect(JSON.stringify(estimate.data)).toMatch(/insufficient balance/u);
    const { transaction_hash: txHash } = await sender.execute(
      transfer('0x1', 5n),
      {
        resourceBounds: BOUNDS,
        tip: 0,
      },
    );
    await fake.admin.mine();
    const receipt = await sender.provider.getTransactionReceipt(txHash);
    expect(receipt.isReverted()).toBe(true);
    expect(receipt.value).toMatchObject({
      revert_reason: expect.stringMatching(/insufficient balance/u),
    });
    expect(await fake.admin.nonceOf(key.address)).toBe(1n);
    expect(await fake.admin.getBalance(STRK, key.address)).toBe(
      10n ** 18n - feeFor('INVOKE'),
    );
  });

  it('checks the signature in estimates without SKIP_VALIDATE', async () => {
    const key = await seededKey(fake.admin);
    const impostor = account(provider(fake.node.sepoliaUrl), {
      ...newKey(),
      address: key.address,
    });
    await impostor.estimateInvokeFee(transfer('0x1', 0n));
    const failure = await rpcFailure(
      impostor.estimateInvokeFee(transfer('0x1', 0n), { skipValidate: false }),
    );
    expect(failure.code).toBe(41);
    const estimate = await account(
      provider(fake.node.sepoliaUrl),
      key,
    ).estimateInvokeFee(transfer('0x1', 0n), { skipValidate: false });
    expect(estimate.unit).toBe('FRI');
  });

  it('answers 59 to a duplicate and 61 to a legacy version', async () => {
    const key = await seededKey(fake.admin);
    const rpc = provider(fake.node.sepoliaUrl);
    const signed = await account(rpc, key).getSignedTransaction(
      transfer('0x1', 0n),
    );
    await rpc.invokeSignedTx(signed);
    expect((await rpcFailure(rpc.invokeSignedTx(signed))).code).toBe(59);
    const legacy = await post(fake.node.sepoliaUrl, {
      jsonrpc: '2.0',
      id: 1,
      method: 'starknet_addInvokeTransaction',
      params: {
        invoke_transaction: { ...signed, version: '0x1', max_fee: '0x1' },
      },
    });
    expect(legacy.body).toMatchObject({ id: 1, error: { code: 61 } });
  });
});
