/**
 * The "floor" snap: the least a Starknet signing snap must do, built for the bench
 * only (bench/floor.bench.ts) so snapnet's latency can be read against it in the same
 * snaps simulation. Each method does one fixed list of steps with the libraries
 * snapnet uses (snaps-sdk dialog, key-tree, starknet.js) and nothing else: no state,
 * no params checks, no translations, no caching.
 */
import { getBIP44AddressKeyDeriver } from '@metamask/key-tree';
import type { OnRpcRequestHandler } from '@metamask/snaps-sdk';
import { Box, Heading, Text } from '@metamask/snaps-sdk/jsx';
import type { TypedData } from 'starknet';
import { ec, hash, typedData } from 'starknet';

/** Argent account (Cairo 1), as snapnet deploys it. */
const ARGENT_CLASS_HASH =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';

/** What the bench passes: typed data and its signer, or an account index. */
type FloorParams = { typedData?: TypedData; signer?: string; index?: number };

/**
 * One confirmation dialog, as small as a signing dialog gets.
 *
 * @param text - The body.
 * @returns Whether the user approved.
 */
async function confirm(text: string): Promise<boolean> {
  const answer = await snap.request({
    method: 'snap_dialog',
    params: {
      type: 'confirmation',
      content: (
        <Box>
          <Heading>Sign</Heading>
          <Text>{text}</Text>
        </Box>
      ),
    },
  });
  return answer === true;
}

/**
 * BIP-44 entropy, key-tree derivation and key grinding of one account.
 *
 * @param index - Account index.
 * @returns Its Stark private and public keys.
 */
async function derive(
  index: number,
): Promise<{ privateKey: string; publicKey: string }> {
  const coinType = await snap.request({
    method: 'snap_getBip44Entropy',
    params: { coinType: 9004 },
  });
  const node = await (await getBIP44AddressKeyDeriver(coinType))(index);
  const privateKey = `0x${ec.starkCurve.grindKey(node.privateKey ?? '0x1')}`;
  return { privateKey, publicKey: ec.starkCurve.getStarkKey(privateKey) };
}

/**
 * One Argent account address from a public key (9 Pedersen hashes).
 *
 * @param publicKey - The signer's public key.
 * @returns The address.
 */
function argentAddress(publicKey: string): string {
  return hash.calculateContractAddressFromHash(
    publicKey,
    ARGENT_CLASS_HASH,
    [publicKey, '0x0'],
    0,
  );
}

/**
 * Dialog, derivation, SNIP-12 hash and signature, with or without the address check.
 *
 * @param params - Typed data and signer.
 * @param check - Whether to compute the address once.
 * @returns r and s.
 */
async function sign(params: FloorParams, check: boolean): Promise<string[]> {
  if (!params.typedData || !params.signer) {
    throw new Error('typedData and signer expected');
  }
  const messageHash = typedData.getMessageHash(params.typedData, params.signer);
  if (!(await confirm(messageHash))) {
    throw new Error('rejected');
  }
  const keys = await derive(0);
  if (check && argentAddress(keys.publicKey) === '0x0') {
    throw new Error('unreachable: an address is never 0');
  }
  const signature = ec.starkCurve.sign(messageHash, keys.privateKey);
  return [`0x${signature.r.toString(16)}`, `0x${signature.s.toString(16)}`];
}

/**
 * The floor's methods: `floor_dialog` (the dialog alone), `floor_sign` (dialog,
 * derivation, SNIP-12 hash, signature), `floor_signChecked` (the same and one address)
 * and `floor_account` (derivation and address, what creating an account needs).
 *
 * @param args - The request.
 * @param args.request - Method and params.
 * @returns The method's result.
 */
export const onRpcRequest: OnRpcRequestHandler = async ({ request }) => {
  const params = (request.params ?? {}) as FloorParams;
  switch (request.method) {
    case 'floor_dialog':
      return confirm('floor');
    case 'floor_sign':
      return sign(params, false);
    case 'floor_signChecked':
      return sign(params, true);
    case 'floor_account':
      return argentAddress((await derive(params.index ?? 0)).publicKey);
    default:
      throw new Error(`no method ${request.method}`);
  }
};
