import { describe, expect, it } from '@jest/globals';
import type { Call, TypedData } from 'starknet';
import { Account, PaymasterRpc, cairo, hash } from 'starknet';

import { ARGENT_040_ACCOUNT_CLASS_HASH, STRK_TOKEN } from './constants';
import { feltHex } from './json';
import { fakePaymaster } from './paymasterAdmin';
import type { PaymasterMode } from './paymasterBuild';
import {
  FEE_RECIPIENT,
  FORWARDER_ADDRESS,
  PAYMASTER_TOKENS,
  SEPOLIA_USDC,
  quoteFee,
} from './paymasterQuote';
import {
  ARGENT_CLASS,
  account,
  newKey,
  provider,
  useFakeNode,
} from './testing';

const USDC = feltHex(SEPOLIA_USDC);
const usdcToken = PAYMASTER_TOKENS.sepolia.find(
  (token) => token.address === SEPOLIA_USDC,
);
if (!usdcToken) {
  throw new Error('USDC is a supported token of the fake paymaster');
}
const FEE = quoteFee(usdcToken);

/**
 * A USDC transfer.
 *
 * @param recipient - Who receives.
 * @param amount - Base units.
 * @returns The call.
 */
function usdcTransfer(recipient: string, amount: bigint): Call {
  return {
    contractAddress: USDC,
    entrypoint: 'transfer',
    calldata: [recipient, ...Object.values(cairo.uint256(amount)).map(String)],
  };
}

describe('fake SNIP-29 paymaster', () => {
  const fake = useFakeNode();
  const paymaster = (): PaymasterRpc =>
    new PaymasterRpc({ nodeUrl: `${fake.node.sepoliaUrl}/paymaster` });
  const admin = (): ReturnType<typeof fakePaymaster> =>
    fakePaymaster('sepolia', fake.node.url);

  /**
   * A deployed account holding USDC only (no STRK).
   *
   * @returns Its key.
   */
  async function usdcOnly(): Promise<ReturnType<typeof newKey>> {
    await fake.admin.addToken({
      address: USDC,
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
    });
    const key = newKey();
    await fake.admin.deployAccount({ publicKey: key.publicKey });
    await fake.admin.setBalance(USDC, key.address, 10_000_000n);
    return key;
  }

  it('answers isAvailable and its supported tokens as starknet.js reads them', async () => {
    expect(await paymaster().isAvailable()).toBe(true);
    const tokens = await paymaster().getSupportedTokens();
    expect(tokens.map((token) => BigInt(token.token_address))).toContain(
      SEPOLIA_USDC,
    );
  });

  it('relays a USDC-paid transfer signed through starknet.js: fee in USDC, STRK untouched', async () => {
    const key = await usdcOnly();
    const rpc = provider(fake.node.sepoliaUrl);
    const user = new Account({
      provider: rpc,
      address: key.address,
      signer: key.privateKey,
      paymaster: paymaster(),
    });
    const details = { feeMode: { mode: 'default' as const, gasToken: USDC } };
    const prepared = await user.buildPaymasterTransaction(
      [usdcTransfer('0x77', 1_000_000n)],
      details,
    );
    expect(prepared.type).toBe('invoke');
    const message = (prepared as { typed_data: TypedData }).typed_data
      .message as Record<string, unknown>;
    expect(BigInt(String(message.caller))).toBe(FORWARDER_ADDRESS);
    const { transaction_hash: txHash } = await user.executePaymasterTransaction(
      [usdcTransfer('0x77', 1_000_000n)],
      details,
      FEE.maxToken,
    );
    const sent = (await fake.admin.transactions()).find(
      (tx) => BigInt(tx.hash) === BigInt(txHash),
    );
    expect(sent?.execution).toBe('SUCCEEDED');
    await fake.admin.include();
    expect(await fake.admin.getBalance(USDC, '0x77')).toBe(1_000_000n);
    expect(await fake.admin.getBalance(USDC, key.address)).toBe(
      10_000_000n - 1_000_000n - FEE.estimatedToken,
    );
    expect(await fake.admin.getBalance(USDC, feltHex(FEE_RECIPIENT))).toBe(
      FEE.estimatedToken,
    );
    expect(
      await fake.admin.getBalance(feltHex(STRK_TOKEN.address), key.address),
    ).toBe(0n);
    expect(
      (await admin().requests()).map((request) => request.method),
    ).toContain('paymaster_executeTransaction');
  });

  it('builds SNIP-9 v2 for an Argent 0.4.0 account (as AVNU), which starknet.js signs and the account runs', async () => {
    await fake.admin.addToken({
      address: USDC,
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
    });
    const key = newKey();
    await fake.admin.deployAccount({
      publicKey: key.publicKey,
      address: key.address,
      classHash: ARGENT_040_ACCOUNT_CLASS_HASH,
    });
    await fake.admin.setBalance(USDC, key.address, 10_000_000n);
    const user = new Account({
      provider: provider(fake.node.sepoliaUrl),
      address: key.address,
      signer: key.privateKey,
      paymaster: paymaster(),
    });
    const details = { feeMode: { mode: 'default' as const, gasToken: USDC } };
    const prepared = await user.buildPaymasterTransaction(
      [usdcTransfer('0x77', 1_000_000n)],
      details,
    );
    const typed = (prepared as { typed_data: TypedData }).typed_data;
    expect(String(typed.domain.version)).toBe('2');
    expect(Object.keys(typed.message)).toContain('Calls');
    const { transaction_hash: txHash } = await user.executePaymasterTransaction(
      [usdcTransfer('0x77', 1_000_000n)],
      details,
      FEE.maxToken,
    );
    const sent = (await fake.admin.transactions()).find(
      (tx) => BigInt(tx.hash) === BigInt(txHash),
    );
    expect(sent?.execution).toBe('SUCCEEDED');
    await fake.admin.include();
    expect(await fake.admin.getBalance(USDC, '0x77')).toBe(1_000_000n);
  });

  it('deploys an undeployed USDC-only account and sends in one relayed transaction', async () => {
    await usdcOnly();
    const key = newKey();
    await fake.admin.setBalance(USDC, key.address, 5_000_000n);
    const rpc = provider(fake.node.sepoliaUrl);
    const user = new Account({
      provider: rpc,
      address: key.address,
      signer: key.privateKey,
      paymaster: paymaster(),
    });
    await user.executePaymasterTransaction([usdcTransfer('0x78', 1n)], {
      feeMode: { mode: 'default', gasToken: USDC },
      deploymentData: {
        address: key.address,
        class_hash: ARGENT_CLASS,
        salt: key.publicKey,
        calldata: key.constructorCalldata,
        version: 1,
      },
    });
    await fake.admin.include();
    expect(await rpc.getClassHashAt(key.address, 'pre_confirmed')).toBe(
      ARGENT_CLASS,
    );
    expect(await fake.admin.getBalance(USDC, '0x78')).toBe(1n);
  });

  it('refuses a signature by another key (153) and an unsupported token (151)', async () => {
    const key = await usdcOnly();
    const rpc = provider(fake.node.sepoliaUrl);
    const built = await paymaster().buildTransaction(
      {
        type: 'invoke',
        invoke: { userAddress: key.address, calls: [usdcTransfer('0x79', 1n)] },
      },
      { version: '0x1', feeMode: { mode: 'default', gasToken: USDC } },
    );
    if (built.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    const other = newKey();
    const signature = await account(rpc, other, key.address).signMessage(
      built.typed_data,
    );
    await expect(
      paymaster().executeTransaction(
        {
          type: 'invoke',
          invoke: {
            userAddress: key.address,
            typedData: built.typed_data,
            signature: signature as string[],
          },
        },
        { version: '0x1', feeMode: { mode: 'default', gasToken: USDC } },
      ),
    ).rejects.toThrow(/INVALID_SIGNATURE|153/u);
    await expect(
      paymaster().buildTransaction(
        {
          type: 'invoke',
          invoke: {
            userAddress: key.address,
            calls: [usdcTransfer('0x79', 1n)],
          },
        },
        { version: '0x1', feeMode: { mode: 'default', gasToken: '0x1234' } },
      ),
    ).rejects.toThrow(/TOKEN_NOT_SUPPORTED|151/u);
    expect(await fake.admin.getBalance(USDC, '0x79')).toBe(0n);
  });

  it.each<[PaymasterMode, (message: Record<string, unknown>) => boolean]>([
    [
      'anyCaller',
      (message) => BigInt(String(message.caller)) === 0x414e595f43414c4c4552n,
    ],
    ['bothArrays', (message) => Array.isArray(message.Calls)],
    [
      'approve',
      (message) =>
        (message.calls as { selector: string }[]).some(
          (call) =>
            BigInt(call.selector) ===
            BigInt(hash.getSelectorFromName('approve')),
        ),
    ],
  ])('tampers in %s mode', async (mode, tampered) => {
    const key = await usdcOnly();
    await admin().setMode(mode);
    const built = await paymaster().buildTransaction(
      {
        type: 'invoke',
        invoke: { userAddress: key.address, calls: [usdcTransfer('0x7a', 1n)] },
      },
      { version: '0x1', feeMode: { mode: 'default', gasToken: USDC } },
    );
    if (built.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    expect(tampered(built.typed_data.message as Record<string, unknown>)).toBe(
      true,
    );
  });
});
