/**
 * invokeMethod is typed per scope where upstream (eip155, solana, …) or the snap's method
 * map (starknet) has the types. The assignments below compile only if it is
 * (checked by `tsc --noEmit`); other methods fall back to JSON in, JSON out.
 */
import type { ResultOf } from '../../src/client/snap';
import { EVM_AND_STARKNET, setup } from './fixtures';

describe('typed invokeMethod', () => {
  it('types results by scope and method, and still takes any other method', async () => {
    const { client } = setup();
    await client.createSession(EVM_AND_STARKNET);

    const network = await client.invokeMethod({
      scope: 'starknet:SN_SEPOLIA',
      request: { method: 'snapnet_getCurrentNetwork', params: {} },
    });
    // Typed from the snap's result struct: no cast needed to read `chainId`.
    const typed: ResultOf<'snapnet_getCurrentNetwork'> = network.result.result;
    const chainId = await client.invokeMethod({
      scope: 'eip155:1',
      request: { method: 'eth_chainId', params: [] },
    });
    // Upstream types eth_chainId as a hex string.
    const evmChainId: `0x${string}` = chainId.result.result;

    expect(typed.chainId).toBe('0x534e5f5345504f4c4941');
    expect(evmChainId).toBe('0x1');
  });
});
