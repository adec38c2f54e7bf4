/**
 * Compile-time checks of the snap client's types, derived from the shared method map.
 * Never run: `tsc --noEmit` (part of npm test) fails if a wrong param name, a missing
 * param, an unknown method or a wrong result type compiles.
 */
import type { SnapnetClient } from '../../src/client/snap';

/**
 * Compile-time checks of the derived types (never run).
 *
 * @param client - A client.
 * @returns The typed results, so none is unused.
 */
export async function typeChecks(client: SnapnetClient): Promise<unknown[]> {
  const network: { name: string; chainId: string } =
    await client.getCurrentNetwork();
  const signature: string = await client.signMessage({
    typedDataMessage: '{}',
    signerAddress: '0x1',
  });
  const viaRequest: string = await client.request({
    method: 'snapnet_signMessage',
    params: { typedDataMessage: {}, signerAddress: '0x1' },
  });
  // @ts-expect-error a wrong param name
  await client.createAccount({ adressIndex: 1 });
  await client.request({
    method: 'snapnet_createAccount',
    // @ts-expect-error a wrong param name in request
    params: { adressIndex: 1 },
  });
  // @ts-expect-error a missing required param
  await client.signMessage({ typedDataMessage: '{}' });
  // @ts-expect-error params are required when the struct has required members
  await client.request({ method: 'snapnet_switchNetwork' });
  // @ts-expect-error an unknown method
  await client.request({ method: 'snapnet_nope', params: {} });
  // @ts-expect-error the result type comes from the result struct
  const wrong: number = await client.switchNetwork({ chainId: '0x1' });
  return [network, signature, viaRequest, wrong];
}
