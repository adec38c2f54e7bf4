import { describe, expect, it } from '@jest/globals';
import type { Call } from 'starknet';
import { Account, constants, hash, shortString } from 'starknet';

import {
  ARGENT_040_ACCOUNT_CLASS_HASH,
  ARGENT_ACCOUNT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
  ARGENT_PROXY_IMPLEMENTATION,
} from './constants';
import { feltHex } from './json';
import { V1_BOUND_MAX_TIP } from './legacy';
import type { TestKey } from './testing';
import {
  ETH,
  INVOKE_BOUNDS,
  STRK,
  ethTransfer as transfer,
  newKey,
  provider,
  rpcFailure,
  useFakeNode,
} from './testing';

const ONE = 10n ** 18n;
const CLASS_031 = feltHex(ARGENT_ACCOUNT_CLASS_HASH);
const CLASS_040 = feltHex(ARGENT_040_ACCOUNT_CLASS_HASH);

/**
 * The proxy constructor calldata of a legacy account (the other MetaMask snap's).
 *
 * @param publicKey - The signer.
 * @returns Constructor calldata.
 */
function proxyCalldata(publicKey: string): string[] {
  return [
    feltHex(ARGENT_PROXY_IMPLEMENTATION),
    hash.getSelectorFromName('initialize'),
    '2',
    publicKey,
    '0',
  ];
}

/**
 * The `upgrade` self-call.
 *
 * @param address - The account.
 * @param calldata - Its arguments.
 * @returns The call.
 */
function upgrade(address: string, calldata: string[]): Call {
  return { contractAddress: address, entrypoint: 'upgrade', calldata };
}

describe('fake Starknet node: legacy Cairo 0 accounts and Argent upgrades', () => {
  const fake = useFakeNode();

  /**
   * A deployed, funded legacy account and a starknet.js account for it.
   *
   * @param cairoVersion - Calldata format the starknet.js account uses.
   * @returns The key, address and account.
   */
  async function legacy(
    cairoVersion: '0' | '1' = '0',
  ): Promise<{ key: TestKey; address: string; sender: Account }> {
    const key = newKey();
    const address = await fake.admin.deployAccount({
      publicKey: key.publicKey,
      classHash: ARGENT_PROXY_CLASS_HASH,
    });
    await fake.admin.setBalance(STRK, address, 100n * ONE);
    await fake.admin.setBalance(ETH, address, 1000n);
    const rpc = provider(fake.node.sepoliaUrl);
    const sender = new Account({
      provider: rpc,
      address,
      signer: key.privateKey,
      cairoVersion,
    });
    return { key, address, sender };
  }

  /**
   * What the account's `getVersion` answers, decoded.
   *
   * @param address - The account.
   * @returns The version string.
   */
  async function versionOf(address: string): Promise<string> {
    const [answer = '0x0'] = await provider(fake.node.sepoliaUrl).callContract({
      contractAddress: address,
      entrypoint: 'getVersion',
    });
    return shortString.decodeShortString(answer);
  }

  it('runs V3 from a Cairo 0 account with a tip up to the whitelist maximum; above it __execute__ reverts and the fee is charged', async () => {
    const { address, sender } = await legacy();
    expect(await versionOf(address)).toBe('0.2.3');
    await sender.execute(transfer('0x7', 10n), {
      tip: V1_BOUND_MAX_TIP,
      resourceBounds: INVOKE_BOUNDS,
    });
    await fake.admin.mine();
    expect(await fake.admin.getBalance(ETH, '0x7')).toBe(10n);
    const before = await fake.admin.getBalance(STRK, address);
    const { transaction_hash: txHash } = await sender.execute(
      transfer('0x7', 10n),
      { tip: V1_BOUND_MAX_TIP + 1n, resourceBounds: INVOKE_BOUNDS },
    );
    await fake.admin.mine();
    const receipt = await sender.provider.getTransactionReceipt(txHash);
    expect(receipt.isReverted()).toBe(true);
    const value = receipt.value as {
      revert_reason?: string;
      actual_fee: { amount: string };
    };
    expect(value.revert_reason).toMatch(/argent: invalid tx version/u);
    const fee = BigInt(value.actual_fee.amount);
    expect(fee).toBeGreaterThan(0n);
    expect(await fake.admin.getBalance(STRK, address)).toBe(before - fee);
    expect(await fake.admin.getBalance(ETH, '0x7')).toBe(10n);
  });

  it('upgrades Cairo 0 -> 0.3.1 -> 0.4.0 at the same address; 0.4.0 refuses another', async () => {
    const { key, address, sender } = await legacy();
    await sender.execute(upgrade(address, [CLASS_031, '1', '0']), { tip: 0n });
    await fake.admin.mine();
    const rpc = provider(fake.node.sepoliaUrl);
    expect(BigInt(await rpc.getClassHashAt(address))).toBe(
      ARGENT_ACCOUNT_CLASS_HASH,
    );
    expect(await versionOf(address)).toBe('0.3.1');
    const cairo1 = new Account({
      provider: rpc,
      address,
      signer: key.privateKey,
      cairoVersion: '1',
    });
    // The next send lands only in Cairo 1 calldata.
    await cairo1.execute(transfer('0x9', 5n), { tip: 0n });
    await fake.admin.mine();
    expect(await fake.admin.getBalance(ETH, '0x9')).toBe(5n);
    const v2 = async (): Promise<bigint> =>
      BigInt(
        (
          await rpc.callContract({
            contractAddress: address,
            entrypoint: 'supports_interface',
            calldata: [constants.SNIP9_V2_INTERFACE_ID],
          })
        )[0] ?? 0,
      );
    expect(await v2()).toBe(0n);
    await cairo1.execute(upgrade(address, [CLASS_040, '0']), { tip: 0n });
    await fake.admin.mine();
    expect(await versionOf(address)).toBe('0.4.0');
    expect(await v2()).toBe(1n);
    const again = await rpcFailure(
      cairo1.execute(upgrade(address, [CLASS_040, '0']), { tip: 0n }),
    );
    expect(JSON.stringify(again.data)).toMatch(/downgrade-not-allowed/u);
  });

  it.each([
    ['empty calldata', [CLASS_031, '0']],
    ['a jump to 0.4.0', [CLASS_040, '1', '0']],
  ])(
    'an upgrade from Cairo 0 with %s leaves an account that validates nothing',
    async (_case, calldata) => {
      const { address, sender } = await legacy();
      await sender.execute(upgrade(address, calldata), { tip: 0n });
      await fake.admin.mine();
      expect(BigInt(await sender.provider.getClassHashAt(address))).toBe(
        ARGENT_PROXY_CLASS_HASH,
      );
      const failure = await rpcFailure(
        sender.execute(transfer('0x7', 1n), {
          tip: 0n,
          resourceBounds: INVOKE_BOUNDS,
        }),
      );
      expect(failure.code).toBe(55);
      expect(JSON.stringify(failure.data)).toMatch(/unusable/u);
    },
  );

  it('refuses a self-call in a multicall, and an upgrade to an unknown class', async () => {
    const { address, sender } = await legacy();
    const multicall = await rpcFailure(
      sender.execute(
        [transfer('0x7', 1n), upgrade(address, [CLASS_031, '1', '0'])],
        { tip: 0n, resourceBounds: INVOKE_BOUNDS },
      ),
    );
    expect(JSON.stringify(multicall.data)).toMatch(/self call/u);
    const unknown = await rpcFailure(
      sender.execute(upgrade(address, ['0x1234', '1', '0']), { tip: 0n }),
    );
    expect(JSON.stringify(unknown.data)).toMatch(/invalid implementation/u);
  });

  it('deploys a legacy account with the proxy class (deploy_account V3)', async () => {
    const key = newKey();
    const calldata = proxyCalldata(key.publicKey);
    const address = hash.calculateContractAddressFromHash(
      key.publicKey,
      feltHex(ARGENT_PROXY_CLASS_HASH),
      calldata,
      0,
    );
    await fake.admin.setBalance(STRK, address, 10n * ONE);
    const rpc = provider(fake.node.sepoliaUrl);
    const deployer = new Account({
      provider: rpc,
      address,
      signer: key.privateKey,
      cairoVersion: '0',
    });
    const deployed = await deployer.deployAccount(
      {
        classHash: feltHex(ARGENT_PROXY_CLASS_HASH),
        constructorCalldata: calldata,
        addressSalt: key.publicKey,
      },
      { tip: 0n },
    );
    expect(BigInt(deployed.contract_address)).toBe(BigInt(address));
    await fake.admin.mine();
    expect(BigInt(await rpc.getClassHashAt(address))).toBe(
      ARGENT_PROXY_CLASS_HASH,
    );
    expect(await versionOf(address)).toBe('0.2.3');
  });
});
