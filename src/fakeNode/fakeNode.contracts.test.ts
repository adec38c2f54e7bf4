import { describe, expect, it } from '@jest/globals';
import { ec, hash } from 'starknet';

import { fakeNode } from './admin';
import { ARGENT_PROXY_CLASS_HASH, GAS_PRICES } from './constants';
import { feltHex } from './json';
import {
  ETH,
  STRK,
  account,
  ethTransfer as transfer,
  newKey,
  provider,
  rpcFailure,
  seededKey,
  useFakeNode,
} from './testing';

const ETH_HEX = feltHex(BigInt(ETH));

describe('fake Starknet node: contracts, blocks and statuses', () => {
  const fake = useFakeNode();

  it('executes from a seeded Cairo-0 proxy account (Cairo-0 multicall calldata)', async () => {
    const key = newKey();
    const address = await fake.admin.deployAccount({
      publicKey: key.publicKey,
      classHash: ARGENT_PROXY_CLASS_HASH,
    });
    await fake.admin.setBalance(STRK, address, 10n ** 18n);
    await fake.admin.setBalance(ETH, address, 50n);
    const rpc = provider(fake.node.sepoliaUrl);
    const signer = await rpc.callContract({
      contractAddress: address,
      entrypoint: 'getSigner',
    });
    expect(BigInt(signer[0] ?? 0)).toBe(BigInt(key.publicKey));
    await account(rpc, key, address).execute([
      transfer('0x7', 20n),
      transfer('0x8', 30n),
    ]);
    await fake.admin.include();
    expect(await fake.admin.getBalance(ETH, '0x8')).toBe(30n);
    expect(await fake.admin.getBalance(ETH, address)).toBe(0n);
  });

  it('answers SNIP-6 is_valid_signature, call errors 20 and 40', async () => {
    const key = await seededKey(fake.admin);
    const rpc = provider(fake.node.sepoliaUrl);
    const messageHash = '0x1234';
    const { r, s } = ec.starkCurve.sign(messageHash, key.privateKey);
    const check = async (signature: bigint[]): Promise<string[]> =>
      rpc.callContract({
        contractAddress: key.address,
        entrypoint: 'is_valid_signature',
        calldata: [messageHash, 2, ...signature.map((felt) => feltHex(felt))],
      });
    expect(await check([r, s])).toStrictEqual(['0x56414c4944']);
    expect(await check([r, s + 1n])).toStrictEqual(['0x0']);
    const missing = await rpcFailure(
      rpc.callContract({ contractAddress: '0x999', entrypoint: 'x' }),
    );
    expect(missing.code).toBe(20);
    const unknown = await rpcFailure(
      rpc.callContract({ contractAddress: ETH, entrypoint: 'mint' }),
    );
    expect(unknown.code).toBe(40);
    expect(JSON.stringify(unknown.data)).toMatch(/Entry point .* not found/u);
  });

  it('serves token metadata, per-network state and admin contracts', async () => {
    const rpc = provider(fake.node.sepoliaUrl);
    const mainnet = provider(fake.node.mainnetUrl);
    const symbol = await rpc.callContract({
      contractAddress: STRK,
      entrypoint: 'symbol',
    });
    expect(BigInt(symbol[0] ?? 0)).toBe(BigInt('0x5354524b'));
    expect(await rpc.getChainId()).toBe('0x534e5f5345504f4c4941');
    expect(await mainnet.getChainId()).toBe('0x534e5f4d41494e');
    const usdc =
      '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8';
    const decimals = await mainnet.callContract({
      contractAddress: usdc,
      entrypoint: 'decimals',
    });
    expect(decimals).toStrictEqual(['0x6']);
    expect(
      (
        await rpcFailure(
          rpc.callContract({ contractAddress: usdc, entrypoint: 'decimals' }),
        )
      ).code,
    ).toBe(20);
    await fake.admin.setBalance(STRK, '0x5', 7n);
    expect(
      await fakeNode('mainnet', fake.node.url).getBalance(STRK, '0x5'),
    ).toBe(0n);
    await fake.admin.addContract({
      address: '0xabc',
      functions: { answer: [42], broken: { revert: 'nope' } },
    });
    expect(
      await rpc.callContract({
        contractAddress: '0xabc',
        entrypoint: 'answer',
      }),
    ).toStrictEqual(['0x2a']);
    const broken = await rpcFailure(
      rpc.callContract({ contractAddress: '0xabc', entrypoint: 'broken' }),
    );
    expect(JSON.stringify(broken.data)).toMatch(/nope/u);
    await fake.admin.addToken({
      address: '0x77',
      name: 'Test',
      symbol: 'TST',
      decimals: 2,
    });
    expect(
      await rpc.callContract({
        contractAddress: '0x77',
        entrypoint: 'decimals',
      }),
    ).toStrictEqual(['0x2']);
  });

  it('serves block headers with gas prices, forced statuses and autoMine', async () => {
    const rpc = provider(fake.node.sepoliaUrl);
    const latest = await rpc.getBlockWithTxs('latest');
    expect(latest).toMatchObject({
      block_number: 100,
      status: 'ACCEPTED_ON_L2',
      l1_da_mode: 'BLOB',
      l2_gas_price: { price_in_fri: feltHex(GAS_PRICES.l2Gas.fri) },
    });
    const pending = await rpc.getBlockWithTxHashes('pre_confirmed');
    expect(pending).toMatchObject({ block_number: 101, transactions: [] });
    expect('block_hash' in pending).toBe(false);
    await fake.admin.setTxStatus('0xdead', 'REJECTED');
    expect(await rpc.getTransactionStatus('0xdead')).toEqual({
      finality_status: 'REJECTED',
    });
    expect((await rpcFailure(rpc.getTransactionStatus('0xbeef'))).code).toBe(
      29,
    );
    await fake.admin.setAutoMine(true);
    const key = await seededKey(fake.admin);
    const { transaction_hash: txHash } = await account(rpc, key).execute(
      transfer('0x1', 0n),
    );
    expect(await rpc.getTransactionStatus(txHash)).toMatchObject({
      finality_status: 'ACCEPTED_ON_L2',
    });
    const block = await rpc.getBlockWithTxs('latest');
    expect(block.transactions).toHaveLength(1);
    expect(block.transactions[0]).toMatchObject({
      transaction_hash: txHash,
      tip: '0x0',
    });
    expect(await rpc.getTransactionByHash(txHash)).toMatchObject({
      type: 'INVOKE',
      calldata: [
        '0x1',
        ETH_HEX,
        hash.getSelectorFromName('transfer'),
        '0x3',
        '0x1',
        '0x0',
        '0x0',
      ],
    });
  });
});
