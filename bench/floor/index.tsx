/**
 * The "floor" snap: the least a Starknet signing snap must do, built for the bench
 * only (bench/floor.bench.ts) so snapnet's latency can be read against it in the same
 * snaps simulation. Each method does one fixed list of steps with the libraries
 * snapnet uses (snaps-sdk dialog, key-tree, starknet.js) and nothing else: no state,
 * no params checks, no wallet locale, no caching. One method shows snapnet's own
 * typed-data dialog (in English), so the cost of showing what is signed is in the
 * floor too.
 */
import { getBIP44AddressKeyDeriver } from '@metamask/key-tree';
import type { OnRpcRequestHandler } from '@metamask/snaps-sdk';
import { Box, Heading, Text } from '@metamask/snaps-sdk/jsx';
import type { TypedData } from 'starknet';
import { ec, hash, typedData } from 'starknet';

import type { Network } from '../../src/starknet/node/networks';
import { describeTypedData } from '../../src/ui/describeTypedData';
import { translator } from '../../src/ui/i18n';
import { confirm as confirmShown } from '../../src/ui/show';
import { SignMessageDialog } from '../../src/ui/SignMessageDialog';

/** Argent account (Cairo 1), as snapnet deploys it. */
const ARGENT_CLASS_HASH =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';

/** The network the dialog names (only its name is shown). */
const SEPOLIA: Network = {
  name: 'Sepolia',
  chainId: '0x534e5f5345504f4c4941',
  caip2: 'starknet:SN_SEPOLIA',
  rpcUrl: '',
  paymasterUrl: '',
  indexerUrl: '',
  explorerUrl: '',
};

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
 * The typed data shown as snapnet shows it (every value as hashed), through snapnet's
 * own dialog and `confirm`: what any snap that lets the user read what they sign must
 * send the wallet.
 *
 * @param data - The typed data.
 * @param signer - The signing account.
 * @returns Whether the user approved.
 */
async function confirmTypedData(
  data: TypedData,
  signer: string,
): Promise<boolean> {
  const shown = describeTypedData(data);
  return confirmShown(
    <SignMessageDialog
      translate={translator('en')}
      origin="floor"
      network={SEPOLIA}
      signer={signer}
      primaryType={data.primaryType}
      domain={shown.domain}
      message={shown.message}
    />,
  );
}

/**
 * Dialog, derivation, SNIP-12 hash and signature, with or without the address check,
 * with the hash alone or the typed data shown as snapnet shows it.
 *
 * @param params - Typed data and signer.
 * @param check - Whether to compute the address once.
 * @param shown - Whether the dialog shows the typed data.
 * @returns r and s.
 */
async function sign(
  params: FloorParams,
  check: boolean,
  shown = false,
): Promise<string[]> {
  if (!params.typedData || !params.signer) {
    throw new Error('typedData and signer expected');
  }
  const messageHash = typedData.getMessageHash(params.typedData, params.signer);
  const approved = shown
    ? await confirmTypedData(params.typedData, params.signer)
    : await confirm(messageHash);
  if (!approved) {
    throw new Error('rejected');
  }
  const keys = await derive(0);
  if (check && argentAddress(keys.publicKey) === '0x0') {
    throw new Error('unreachable: an address is never 0');
  }
  const signature = ec.starkCurve.sign(messageHash, keys.privateKey);
  return [`0x${signature.r.toString(16)}`, `0x${signature.s.toString(16)}`];
}

/** The accounts the floor stored, kept in memory as snapnet keeps its last load. */
const stored: { index: number; address: string }[] = [];

/**
 * Derivation and address, and the one state write that keeps the account: what
 * creating an account must do at the least (snapnet reads its state once and keeps it
 * until it writes, so the floor reads none).
 *
 * @param index - Account index.
 * @returns The address.
 */
async function storeAccount(index: number): Promise<string> {
  const address = argentAddress((await derive(index)).publicKey);
  stored.push({ index, address });
  await snap.request({
    method: 'snap_setState',
    params: { key: 'accounts', value: stored },
  });
  return address;
}

/** The page given each stored account, as snapnet's grants keep them. */
const grants: Record<string, string[]> = {};

/**
 * Derivation, address, and one state write that keeps both the account and the page's
 * grant of it: what a page's createAccount must do at the least.
 *
 * @param index - Account index.
 * @returns The address.
 */
async function storeGranted(index: number): Promise<string> {
  const address = argentAddress((await derive(index)).publicKey);
  stored.push({ index, address });
  grants['https://metamask.io'] = [
    ...(grants['https://metamask.io'] ?? []),
    address,
  ];
  await snap.request({
    method: 'snap_setState',
    params: { value: { accounts: stored, grants } },
  });
  return address;
}

/**
 * One grant written alone (the page's list of accounts), as a second write after the
 * account's would cost.
 *
 * @param index - Account index, named in the grant.
 * @returns Nothing.
 */
async function writeGrant(index: number): Promise<null> {
  grants['https://metamask.io'] = [
    ...(grants['https://metamask.io'] ?? []),
    `0x${index.toString(16)}`,
  ];
  await snap.request({
    method: 'snap_setState',
    params: { key: 'grants', value: grants },
  });
  return null;
}

/**
 * The floor's methods: `floor_dialog` (the dialog alone), `floor_sign` (dialog,
 * derivation, SNIP-12 hash, signature), `floor_signChecked` (the same and one address),
 * `floor_signShown` (the same with the typed data shown as snapnet's dialog shows it)
 * `floor_account` (derivation and address), `floor_accountStored` (the same and the
 * state write that keeps the account), `floor_accountGranted` (the same write holding
 * the page's grant too), `floor_grantWrite` (a grant written alone) and
 * `floor_clientStatus` (one `snap_getClientStatus`, the lock check before a read
 * answered from memory).
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
    case 'floor_signShown':
      return sign(params, true, true);
    case 'floor_account':
      return argentAddress((await derive(params.index ?? 0)).publicKey);
    case 'floor_accountStored':
      return storeAccount(params.index ?? 0);
    case 'floor_accountGranted':
      return storeGranted(params.index ?? 0);
    case 'floor_grantWrite':
      return writeGrant(params.index ?? 0);
    case 'floor_clientStatus':
      return (await snap.request({ method: 'snap_getClientStatus' })).locked;
    default:
      throw new Error(`no method ${request.method}`);
  }
};
