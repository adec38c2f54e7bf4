import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CompiledSierra } from 'starknet';
import { hash, json } from 'starknet';

import { feeFor, GAS_PRICES, GAS_USAGE } from './constants';
import {
  account,
  post,
  provider,
  rpcFailure,
  seededKey,
  useFakeNode,
} from './testing';
import type { SierraClass } from './transactions';
import { sierraClassHash } from './verify';

const FIXTURE = resolve(
  __dirname,
  '../../test/fixtures/fake-node-minimal.sierra.json',
);
const COMPILED_CLASS_HASH =
  '0x1e3c0f4b0a9d8e7c6b5a4f3e2d1c0b0a99887766554433221100ffeedd';

/**
 * The hand-written Sierra fixture.
 *
 * @returns The class, as a compiled Sierra contract.
 */
function fixture(): CompiledSierra {
  return json.parse(readFileSync(FIXTURE, 'utf8')) as CompiledSierra;
}

const DECLARE_BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: GAS_PRICES.l1Gas.fri * 2n },
  l2_gas: {
    max_amount: GAS_USAGE.DECLARE.l2Gas * 2n,
    max_price_per_unit: GAS_PRICES.l2Gas.fri * 2n,
  },
  l1_data_gas: {
    max_amount: GAS_USAGE.DECLARE.l1DataGas * 2n,
    max_price_per_unit: GAS_PRICES.l1DataGas.fri * 2n,
  },
};

describe('fake Starknet node: declare and simulate', () => {
  const fake = useFakeNode();

  it('hashes the wire form of a class as starknet.js hashes the compiled class', () => {
    const contract = fixture();
    const wire: SierraClass = {
      sierra_program: contract.sierra_program.map(String),
      contract_class_version: contract.contract_class_version,
      entry_points_by_type: contract.entry_points_by_type,
      abi: hash.formatSpaces(JSON.stringify(contract.abi)),
    };
    expect(sierraClassHash(wire)).toBe(
      BigInt(hash.computeContractClassHash(contract)),
    );
    expect(
      sierraClassHash({ ...wire, abi: JSON.stringify(contract.abi) }),
    ).not.toBe(BigInt(hash.computeContractClassHash(contract)));
  });

  it('declares a Sierra class once (51 on repeat), with the class hash starknet.js computes', async () => {
    const key = await seededKey(fake.admin, 10n ** 19n);
    const rpc = provider(fake.node.sepoliaUrl, 'pre_confirmed');
    const declarer = account(rpc, key);
    const contract = fixture();
    const result = await declarer.declare({
      contract,
      compiledClassHash: COMPILED_CLASS_HASH,
    });
    expect(result.class_hash).toBe(hash.computeContractClassHash(contract));
    await fake.admin.include();
    expect(
      await fake.admin.getBalance(
        '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
        key.address,
      ),
    ).toBe(10n ** 19n - feeFor('DECLARE'));
    const declared = await rpc.getClass(result.class_hash);
    expect(declared).toMatchObject({ contract_class_version: '0.1.0' });

    const estimate = await rpcFailure(
      declarer.declare({ contract, compiledClassHash: COMPILED_CLASS_HASH }),
    );
    expect(estimate.code).toBe(41);
    // The gateway checks a declare's nonce against the committed block: mined first.
    await fake.admin.mine();
    const repeat = await rpcFailure(
      declarer.declare(
        { contract, compiledClassHash: COMPILED_CLASS_HASH },
        { resourceBounds: DECLARE_BOUNDS, tip: 0 },
      ),
    );
    expect(repeat.code).toBe(51);
    const [tx] = await fake.admin.transactions();
    expect(tx).toMatchObject({ type: 'DECLARE', classHash: result.class_hash });
    await fake.admin.mine();
    const byHash = await rpc.getTransactionByHash(result.transaction_hash);
    expect(byHash).toMatchObject({
      type: 'DECLARE',
      class_hash: result.class_hash,
    });
  });

  it('answers 28 for unknown classes and 62 for unsupported class versions', async () => {
    const rpc = provider(fake.node.sepoliaUrl);
    expect((await rpcFailure(rpc.getClass('0x1234'))).code).toBe(28);
    const key = await seededKey(fake.admin, 10n ** 19n);
    const contract = { ...fixture(), contract_class_version: '0.2.0' };
    const failure = await rpcFailure(
      account(rpc, key).declare(
        { contract, compiledClassHash: COMPILED_CLASS_HASH },
        { resourceBounds: DECLARE_BOUNDS, tip: 0 },
      ),
    );
    expect(failure.code).toBe(62);
  });

  it('simulates invokes, with a trace and a fee estimate', async () => {
    const key = await seededKey(fake.admin);
    const simulated = await account(
      provider(fake.node.sepoliaUrl),
      key,
    ).simulateTransaction([
      {
        type: 'INVOKE',
        payload: {
          contractAddress:
            '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
          entrypoint: 'transfer',
          calldata: ['0x1', '0x5', '0x0'],
        },
      },
    ]);
    const [first] = simulated.simulated_transactions;
    expect(first?.transaction_trace).toMatchObject({
      type: 'INVOKE',
      execute_invocation: {
        calls: [{ entry_point_selector: expect.any(String) }],
      },
    });
    expect(first?.unit).toBe('FRI');
    expect(await fake.admin.nonceOf(key.address)).toBe(0n);
  });

  it('reads nonces by position and at block numbers', async () => {
    const key = await seededKey(fake.admin);
    const answer = await post(fake.node.sepoliaUrl, {
      jsonrpc: '2.0',
      id: 9,
      method: 'starknet_getNonce',
      params: [{ block_number: 100 }, key.address],
    });
    expect(answer.body).toStrictEqual({ jsonrpc: '2.0', id: 9, result: '0x0' });
    const future = await post(fake.node.sepoliaUrl, {
      jsonrpc: '2.0',
      id: 10,
      method: 'starknet_getNonce',
      params: [{ block_number: 101 }, key.address],
    });
    expect(future.body).toMatchObject({ error: { code: 24 } });
  });
});
