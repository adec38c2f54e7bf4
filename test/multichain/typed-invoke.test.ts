/**
 * invokeMethod is typed per scope where upstream (eip155, solana, …) or the snap's method
 * map (starknet) has the types; the result comes back bare, as MetaMask answers it. The assignments below compile only if it is
 * (checked by `tsc --noEmit`); other methods fall back to JSON in, JSON out.
 */
import type { ResultOf } from '../../src/client/snap';
import { EVM_AND_STARKNET, setup } from './fixtures';

describe('typed invokeMethod', () => {
  it('types results by scope and method, and still takes any other method', async () => {
    // The bare result, as MetaMask answers.
    const { client } = setup({ invokeResultShape: 'bare' });
    await client.createSession(EVM_AND_STARKNET);

    const network = await client.invokeMethod({
      scope: 'starknet:SN_SEPOLIA',
      request: { method: 'snapnet_getCurrentNetwork', params: {} },
    });
    // Typed from the snap's result struct: no cast needed to read `chainId`.
    const typed: ResultOf<'snapnet_getCurrentNetwork'> = network;
    const chainId = await client.invokeMethod({
      scope: 'eip155:1',
      request: { method: 'eth_chainId', params: [] },
    });
    // Upstream types eth_chainId as a hex string.
    const evmChainId: `0x${string}` = chainId;

    expect(typed.chainId).toBe('0x534e5f5345504f4c4941');
    expect(evmChainId).toBe('0x1');
  });
});
