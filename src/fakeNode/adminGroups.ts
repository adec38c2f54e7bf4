/**
 * The method groups of the fake node's admin client (admin.ts), one per kind of admin
 * operation: tokens, deployments, blocks and transactions, traffic and faults. Each
 * turns its typed arguments into the JSON the admin API takes, and its answer back into
 * bigints and strings; admin.ts joins them into one client.
 */
import type { WireTransaction } from './adminOps';
import type { FakeNodeClient, FeltLike } from './adminTypes';
import type { RpcCallRecord } from './traffic';

/**
 * Posts one admin operation and answers its result (throws on an error answer). Shared
 * by admin.ts, which makes one, and the method groups here, which use it.
 */
export type AdminCall = (op: string, args?: object) => Promise<unknown>;

/**
 * A felt as a JSON-safe string.
 *
 * @param value - The felt.
 * @returns Hex (bigint, number) or the string as given.
 */
function feltString(value: FeltLike): string {
  return typeof value === 'string' ? value : `0x${value.toString(16)}`;
}

/**
 * A felt result as a bigint.
 *
 * @param value - The result.
 * @returns The bigint.
 */
function big(value: unknown): bigint {
  return BigInt(String(value));
}

/**
 * The token and balance methods of the client. Exported for fakeNode()
 * (admin.ts), which joins the groups into one client.
 *
 * @param call - The network's admin caller.
 * @returns Those methods.
 */
export function tokenMethods(
  call: AdminCall,
): Pick<
  FakeNodeClient,
  'setBalance' | 'setAllowance' | 'getBalance' | 'addToken' | 'addNft'
> {
  return {
    setBalance: async (token, address, amount) => {
      await call('setBalance', {
        token: feltString(token),
        address: feltString(address),
        amount: amount.toString(),
      });
    },
    setAllowance: async (token, owner, spender, amount) => {
      await call('setAllowance', {
        token: feltString(token),
        owner: feltString(owner),
        spender: feltString(spender),
        amount: amount.toString(),
      });
    },
    getBalance: async (token, address, view = 'pending') =>
      big(
        await call('getBalance', {
          token: feltString(token),
          address: feltString(address),
          block: view,
        }),
      ),
    addToken: async (token) => {
      await call('addToken', {
        ...token,
        address: feltString(token.address),
        decimals: String(token.decimals),
      });
    },
    addNft: async (collection) => {
      await call('addNft', {
        address: feltString(collection.address),
        standard: collection.standard,
        holdings: collection.holdings.map((holding) => ({
          owner: feltString(holding.owner),
          tokenId: feltString(holding.tokenId),
          amount: feltString(holding.amount),
        })),
      });
    },
  };
}

/**
 * The methods of the client that deploy accounts and contracts without a transaction. Exported for fakeNode()
 * (admin.ts), which joins the groups into one client.
 *
 * @param call - The network's admin caller.
 * @returns Those methods.
 */
export function deployMethods(
  call: AdminCall,
): Pick<FakeNodeClient, 'deployAccount' | 'addContract'> {
  const optional = (
    key: string,
    value: FeltLike | undefined,
  ): Record<string, string> =>
    value === undefined ? {} : { [key]: feltString(value) };
  return {
    deployAccount: async (options) =>
      String(
        await call('deployAccount', {
          publicKey: feltString(options.publicKey),
          ...optional('classHash', options.classHash),
          ...optional('address', options.address),
          ...optional('nonce', options.nonce),
        }),
      ),
    addContract: async (contract) => {
      await call('addContract', {
        address: feltString(contract.address),
        functions: Object.fromEntries(
          Object.entries(contract.functions).map(([name, behaviour]) => [
            name,
            Array.isArray(behaviour) ? behaviour.map(feltString) : behaviour,
          ]),
        ),
        ...optional('classHash', contract.classHash),
        hideAbi: contract.hideAbi === true,
      });
    },
  };
}

/**
 * The block production and transaction methods of the client. Exported for fakeNode()
 * (admin.ts), which joins the groups into one client.
 *
 * @param call - The network's admin caller.
 * @returns Those methods.
 */
export function blockMethods(
  call: AdminCall,
): Pick<
  FakeNodeClient,
  | 'mine'
  | 'include'
  | 'drop'
  | 'setL2GasPrice'
  | 'advanceTime'
  | 'setAutoMine'
  | 'setTxStatus'
  | 'transactions'
  | 'nonceOf'
> {
  return {
    mine: async () => Number(await call('mine')),
    include: async (count) =>
      (await call('include', count === undefined ? {} : { count })) as string[],
    drop: async (hash) =>
      (await call('drop', { hash: feltString(hash) })) as string[],
    setL2GasPrice: async (price, risePercent) =>
      String(
        await call('setL2GasPrice', {
          price: `0x${price.toString(16)}`,
          risePercent,
        }),
      ),
    advanceTime: async (seconds) =>
      (await call('advanceTime', { seconds })) as string[],
    setAutoMine: async (enabled) => {
      await call('setAutoMine', { enabled });
    },
    setTxStatus: async (hash, finality, execution) => {
      await call('setTxStatus', {
        hash: feltString(hash),
        finality,
        execution,
      });
    },
    transactions: async () =>
      ((await call('transactions')) as WireTransaction[]).map((tx) => ({
        ...tx,
        fee: BigInt(tx.fee),
        tip: BigInt(tx.tip),
      })),
    nonceOf: async (address, view = 'pending') =>
      big(await call('nonceOf', { address: feltString(address), block: view })),
  };
}

/**
 * The traffic, fault and RPC version methods of the client. Exported for fakeNode()
 * (admin.ts), which joins the groups into one client.
 *
 * @param call - The network's admin caller.
 * @returns Those methods.
 */
export function trafficMethods(
  call: AdminCall,
): Pick<
  FakeNodeClient,
  | 'requests'
  | 'clearRequests'
  | 'fault'
  | 'setIndexed'
  | 'clearFaults'
  | 'statusFault'
  | 'setRpcVersion'
> {
  return {
    requests: async () =>
      (await call('requests')) as {
        httpRequests: number;
        rpcCalls: RpcCallRecord[];
      },
    clearRequests: async () => {
      await call('clearRequests');
    },
    fault: async (fault) => {
      await call('fault', fault);
    },
    setIndexed: async (items) => {
      await call('setIndexed', { items });
    },
    clearFaults: async () => {
      await call('clearFaults');
    },
    statusFault: async (hash, kind, times) => {
      await call('statusFault', {
        hash: feltString(hash),
        kind,
        ...(times === undefined ? {} : { times }),
      });
    },
    setRpcVersion: async (version) => {
      await call('setRpcVersion', { version });
    },
  };
}
