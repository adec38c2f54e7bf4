/**
 * The snap client against a scripted provider: the invoke envelope, the per-method table
 * derived from the shared method map, result checks and the error classes. The type
 * checks are in typeChecks.ts (compiled by `tsc --noEmit`).
 */
import { describe, expect, it } from '@jest/globals';

import { methods } from '../../src/api/methods';
import type { Eip1193Provider } from '../../src/client/snap';
import {
  createSnapnetClient,
  InvalidParamsError,
  InvalidResultError,
  MethodNotFoundError,
  NodeError,
  SnapNotInstalledError,
  SnapnetError,
  UserRejectedError,
} from '../../src/client/snap';

type Call = { method: string; params?: unknown };

/**
 * A provider that records calls and answers with the given function.
 *
 * @param reply - Produces the answer (or throws the error) for each call.
 * @returns The provider and its call log.
 */
function scripted(reply: (call: Call) => unknown): {
  provider: Eip1193Provider;
  calls: Call[];
} {
  const calls: Call[] = [];
  return {
    calls,
    provider: {
      async request(call) {
        calls.push(call);
        return reply(call);
      },
    },
  };
}

/**
 * A client whose wallet rejects every snap call with `error`.
 *
 * @param error - What the provider throws.
 * @param installed - What `wallet_getSnaps` answers (default: the snap is installed).
 * @returns The rejection of a getCurrentNetwork call.
 */
async function failureFor(
  error: unknown,
  installed: Record<string, unknown> = { 'npm:snapnet': { version: '0.1.0' } },
): Promise<unknown> {
  const { provider } = scripted((call) => {
    if (call.method === 'wallet_getSnaps') {
      return installed;
    }
    throw error;
  });
  const client = createSnapnetClient({ snapId: 'npm:snapnet', provider });
  return client.getCurrentNetwork().catch((caught: unknown) => caught);
}

describe('createSnapnetClient', () => {
  it('has one function per method of the shared map, sending the invoke envelope', async () => {
    const { provider, calls } = scripted(() => null);
    const client = createSnapnetClient({ snapId: 'npm:snapnet', provider });
    for (const method of Object.keys(methods)) {
      expect(typeof Reflect.get(client, method.replace(/^snapnet_/u, ''))).toBe(
        'function',
      );
    }
    await client.displayPrivateKey({ userAddress: '0x1' });
    expect(calls).toEqual([
      {
        method: 'wallet_invokeSnap',
        params: {
          snapId: 'npm:snapnet',
          request: {
            method: 'snapnet_displayPrivateKey',
            params: { userAddress: '0x1' },
          },
        },
      },
    ]);
  });

  it('asks wallet_requestSnaps for the version and reads wallet_getSnaps', async () => {
    const installed = {
      'npm:snapnet': { version: '0.1.0', enabled: true, blocked: false },
    };
    const { provider, calls } = scripted((call) =>
      call.method === 'wallet_getSnaps' ? {} : installed,
    );
    const client = createSnapnetClient({
      snapId: 'npm:snapnet',
      version: '^0.1.0',
      provider,
    });
    expect(await client.connect()).toEqual({
      id: 'npm:snapnet',
      version: '0.1.0',
      enabled: true,
      blocked: false,
    });
    expect(calls[0]).toEqual({
      method: 'wallet_requestSnaps',
      params: { 'npm:snapnet': { version: '^0.1.0' } },
    });
    expect(await client.isInstalled()).toBe(false);
  });

  it('refuses a connect answer without the snap', async () => {
    const { provider } = scripted(() => ({
      'npm:snapnet': { error: { message: 'blocked' } },
    }));
    const client = createSnapnetClient({ snapId: 'npm:snapnet', provider });
    await expect(client.connect()).rejects.toThrow(SnapNotInstalledError);
  });

  it('checks params before sending and results after', async () => {
    const { provider, calls } = scripted(() => ({ name: 'x' }));
    const client = createSnapnetClient({ snapId: 'npm:snapnet', provider });
    const error = await client
      .switchNetwork({ chainId: 'mainnet' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toMatchObject({ field: 'chainId', code: -32602 });
    expect(calls).toEqual([]);
    const result = await client
      .getCurrentNetwork()
      .catch((caught: unknown) => caught);
    expect(result).toBeInstanceOf(InvalidResultError);
    expect(result).toMatchObject({
      method: 'snapnet_getCurrentNetwork',
      result: { name: 'x' },
      message: expect.stringContaining('chainId'),
    });
  });

  it('refuses bounds and tips beyond their protocol width before asking the wallet', async () => {
    const { provider, calls } = scripted(() => ['0x1', '0x2']);
    const client = createSnapnetClient({ snapId: 'npm:snapnet', provider });
    const bound = { max_amount: '0x1', max_price_per_unit: '0x1' };
    const sign = async (details: Record<string, unknown>) =>
      client
        .signTransaction({
          address: '0x1',
          transactions: [
            { contractAddress: '0x2', entrypoint: 'go', calldata: [] },
          ],
          transactionsDetail: {
            resourceBounds: {
              l1_gas: bound,
              l2_gas: bound,
              l1_data_gas: bound,
            },
            ...details,
          },
        })
        .catch((caught: unknown) => caught);
    const wide = await sign({
      resourceBounds: {
        l1_gas: bound,
        l2_gas: { max_amount: (2n ** 64n).toString(), max_price_per_unit: 1 },
        l1_data_gas: bound,
      },
    });
    expect(wide).toBeInstanceOf(InvalidParamsError);
    expect(wide).toMatchObject({
      field: 'transactionsDetail.resourceBounds.l2_gas.max_amount',
    });
    const price = await sign({
      resourceBounds: {
        l1_gas: { max_amount: 1, max_price_per_unit: `0x1${'0'.repeat(32)}` },
        l2_gas: bound,
        l1_data_gas: bound,
      },
    });
    expect(price).toMatchObject({
      field: 'transactionsDetail.resourceBounds.l1_gas.max_price_per_unit',
    });
    expect(await sign({ tip: `0x1${'0'.repeat(16)}` })).toMatchObject({
      field: 'transactionsDetail.tip',
    });
    expect(calls).toEqual([]);
    // The widest values the protocol allows go through.
    await sign({
      tip: (2n ** 64n - 1n).toString(),
      resourceBounds: {
        l1_gas: bound,
        l2_gas: {
          max_amount: `0x${'f'.repeat(16)}`,
          max_price_per_unit: `0x${'f'.repeat(32)}`,
        },
        l1_data_gas: bound,
      },
    });
    expect(calls.map((call) => call.method)).toContain('wallet_invokeSnap');
  });

  it('accepts results with fields a newer snap added, handing out only the known ones', async () => {
    const { provider } = scripted(() => ({
      name: 'Starknet Sepolia',
      chainId: '0x534e5f5345504f4c4941',
      addedByANewerSnap: { nested: true },
    }));
    const client = createSnapnetClient({ snapId: 'npm:snapnet', provider });
    expect(await client.getCurrentNetwork()).toStrictEqual({
      name: 'Starknet Sepolia',
      chainId: '0x534e5f5345504f4c4941',
    });
  });

  it('maps wallet and snap errors to classes, keeping code, data and cause', async () => {
    const rejected = {
      code: 4001,
      message: 'User rejected the request.',
      data: { walletRpcError: { code: 113, message: 'refused' } },
    };
    const error = await failureFor(rejected);
    expect(error).toBeInstanceOf(UserRejectedError);
    expect(error).toMatchObject({
      code: 4001,
      walletCode: 113,
      data: rejected.data,
      cause: rejected,
    });
    // The execution environment's envelope around the snap's own error.
    expect(
      await failureFor({
        code: -31002,
        message: 'Snap Error',
        data: {
          cause: {
            code: -32603,
            message: 'node down',
            data: {
              node: {
                method: 'starknet_call',
                message: 'down',
                httpStatus: 502,
              },
            },
          },
        },
      }),
    ).toMatchObject({ name: 'NodeError', httpStatus: 502, code: -32603 });
    expect(
      await failureFor({ code: 4100, message: 'not authorized' }),
    ).toBeInstanceOf(SnapNotInstalledError);
    // MetaMask's answer for a missing snap is a generic -32603; the client asks
    // wallet_getSnaps instead of reading the message.
    const missing = {
      code: -32603,
      message: 'The Snap "npm:snapnet" is not installed. Please install it.',
    };
    expect(await failureFor(missing, {})).toBeInstanceOf(SnapNotInstalledError);
    expect(await failureFor(missing)).not.toBeInstanceOf(SnapNotInstalledError);
    expect(
      await failureFor({ code: -32601, message: 'Method not found' }),
    ).toBeInstanceOf(MethodNotFoundError);
    const plain = await failureFor(new TypeError('boom'));
    expect(plain).toBeInstanceOf(SnapnetError);
    expect(plain).not.toBeInstanceOf(NodeError);
    expect(plain).toMatchObject({ message: 'boom', code: -32603 });
  });
});
