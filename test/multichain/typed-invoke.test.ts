/**
 * invokeMethod is typed per scope where upstream (eip155, solana, …) or the Starknet
 * method map (`StarknetRpc`: the wallet-API methods and node reads snapnet serves in a
 * `starknet:*` scope, typed by starknet-io/types-js) has the types; the result comes
 * back bare, as MetaMask answers it. The assignments below compile only if it is
 * (checked by `tsc --noEmit`); other methods fall back to JSON in, JSON out.
 */
import type { API, WALLET_API } from '@starknet-io/types-js';

import { EVM_AND_STARKNET, setup, STARKNET_ACCOUNT } from './fixtures';

const NONCE = '0x7';
const TX_HASH = `0x${'ab'.repeat(32)}`;

describe('typed invokeMethod', () => {
  it('types results by scope and method, and still takes any other method', async () => {
    const { client } = setup({
      invokeResultShape: 'bare',
      supported: {
        'eip155:1': {
          methods: ['eth_chainId'],
          notifications: [],
          accounts: [],
        },
        'starknet:SN_SEPOLIA': {
          methods: ['starknet_getNonce', 'wallet_addInvokeTransaction'],
          notifications: [],
          accounts: [STARKNET_ACCOUNT],
        },
      },
      handlers: {
        eth_chainId: () => '0x1',
        starknet_getNonce: () => NONCE,
        wallet_addInvokeTransaction: () => ({ transaction_hash: TX_HASH }),
      },
    });
    await client.createSession({
      optionalScopes: {
        'eip155:1': EVM_AND_STARKNET.optionalScopes['eip155:1'],
        'starknet:SN_SEPOLIA': {
          methods: ['starknet_getNonce', 'wallet_addInvokeTransaction'],
          notifications: [],
        },
      },
    });

    const nonce = await client.invokeMethod({
      scope: 'starknet:SN_SEPOLIA',
      request: {
        method: 'starknet_getNonce',
        params: { block_id: 'latest', contract_address: '0x1' },
      },
    });
    // Typed by types-js: a node read's result, a wallet method's result.
    const typedNonce: API.FELT = nonce;
    const sent = await client.invokeMethod({
      scope: 'starknet:SN_SEPOLIA',
      request: {
        method: 'wallet_addInvokeTransaction',
        params: {
          calls: [{ contract_address: '0x1', entry_point: 'f', calldata: [] }],
        },
      },
    });
    const typedSent: WALLET_API.AddInvokeTransactionResult = sent;
    const chainId = await client.invokeMethod({
      scope: 'eip155:1',
      request: { method: 'eth_chainId', params: [] },
    });
    // Upstream types eth_chainId as a hex string.
    const evmChainId: `0x${string}` = chainId;

    expect(typedNonce).toBe(NONCE);
    expect(typedSent.transaction_hash).toBe(TX_HASH);
    expect(evmChainId).toBe('0x1');
  });
});
