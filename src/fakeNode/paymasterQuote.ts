/**
 * The fake paymaster's fixed facts: its accounts and contracts on each chain (seeded on
 * first use, like a service deployed before the tests), the tokens it takes with their
 * prices in STRK, and its fee quote (the fake node's invoke fee, converted).
 */
import { ec, hash } from 'starknet';

import type { Chain } from './chain';
import { genericClass } from './classes';
import type { NetworkName } from './constants';
import {
  ARGENT_ACCOUNT_CLASS_HASH,
  ETH_TOKEN,
  feeFor,
  STRK_TOKEN,
  USDC_TOKEN,
  USDT_TOKEN,
} from './constants';
import { feltHex } from './json';
import type { ChainState, ServiceData } from './state';

/** The relayer's key (a test key: the relayer is the paymaster's own account). */
export const RELAYER_PRIVATE_KEY =
  '0x1f3a0c1e3ac4b2f5d7e9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d';

/** The forwarder: `Caller` of the typed data and recipient of the fee transfer. */
export const FORWARDER_ADDRESS =
  0x127021a1b5a52d3174c2ab077c2b043c80369250d29428cee956d76ee51584fn;

/** The Universal Deployer (legacy UDC address, as AVNU deploys accounts). */
export const UDC_ADDRESS =
  0x41a78e741e5af2fec34b695679bc6891742439f7afb8484ecd7766661ad02bfn;

/** Where the forwarder sends the fees. */
export const FEE_RECIPIENT =
  0x5a1f9e8c3c06fa0b0a56d4a0c2bd4b4aa0e1b0f6d6bba6d8a1d3f1b2c3d4e5fn;

const SERVICE_CLASS_HASH = BigInt(
  hash.starknetKeccak('snapnet fake node: paymaster contracts'),
);

/** USDC on Sepolia (AVNU's constants); add it to the fake node to use it. */
export const SEPOLIA_USDC =
  0x53b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080n;

/** A token the paymaster takes: its decimals and what one whole token costs in FRI. */
export type PaymasterToken = {
  address: bigint;
  decimals: number;
  priceInStrk: bigint;
};

const STRK_PRICE = 10n ** 18n;

/** The tokens the paymaster takes per network (`paymaster_getSupportedTokens`). */
export const PAYMASTER_TOKENS: Record<NetworkName, readonly PaymasterToken[]> =
  {
    sepolia: [
      { address: STRK_TOKEN.address, decimals: 18, priceInStrk: STRK_PRICE },
      {
        address: ETH_TOKEN.address,
        decimals: 18,
        priceInStrk: 20_000n * STRK_PRICE,
      },
      { address: SEPOLIA_USDC, decimals: 6, priceInStrk: 5n * STRK_PRICE },
    ],
    mainnet: [
      { address: STRK_TOKEN.address, decimals: 18, priceInStrk: STRK_PRICE },
      {
        address: ETH_TOKEN.address,
        decimals: 18,
        priceInStrk: 20_000n * STRK_PRICE,
      },
      {
        address: USDC_TOKEN.address,
        decimals: 6,
        priceInStrk: 5n * STRK_PRICE,
      },
      {
        address: USDT_TOKEN.address,
        decimals: 6,
        priceInStrk: 5n * STRK_PRICE,
      },
    ],
  };

/** A fee quote in both units (base units of each token). */
export type PaymasterFee = {
  priceInStrk: bigint;
  estimatedStrk: bigint;
  estimatedToken: bigint;
  maxStrk: bigint;
  maxToken: bigint;
};

/**
 * Converts FRI into base units of a token, rounding up (the paymaster never loses).
 *
 * @param fri - Amount in FRI.
 * @param token - The token.
 * @returns The amount of the token.
 */
export function friToToken(fri: bigint, token: PaymasterToken): bigint {
  const scaled = fri * 10n ** BigInt(token.decimals);
  return (scaled + token.priceInStrk - 1n) / token.priceInStrk;
}

/**
 * The quote of one relayed transaction: the fake node's invoke fee (what the relayer
 * pays) in STRK and in the token; the suggested maximum is 1.5 times the estimate.
 *
 * @param token - The gas token.
 * @returns The quote.
 */
export function quoteFee(token: PaymasterToken): PaymasterFee {
  const estimatedStrk = feeFor('INVOKE');
  const maxStrk = (estimatedStrk * 3n) / 2n;
  return {
    priceInStrk: token.priceInStrk,
    estimatedStrk,
    estimatedToken: friToToken(estimatedStrk, token),
    maxStrk,
    maxToken: friToToken(maxStrk, token),
  };
}

/**
 * The relayer's address (its Argent account).
 *
 * @returns The address.
 */
export function relayerAddress(): bigint {
  const publicKey = ec.starkCurve.getStarkKey(RELAYER_PRIVATE_KEY);
  return BigInt(
    hash.calculateContractAddressFromHash(
      publicKey,
      feltHex(ARGENT_ACCOUNT_CLASS_HASH),
      [publicKey, '0x0'],
      0,
    ),
  );
}

/**
 * Seeds the relayer (with STRK for fees), the forwarder and the UDC on a chain where
 * they are missing (after a reset), in every state view.
 *
 * @param chain - The chain.
 */
export function ensureServices(chain: Chain): void {
  const relayer = relayerAddress();
  if (!chain.mempool.account(relayer)) {
    chain.deployAccount(BigInt(ec.starkCurve.getStarkKey(RELAYER_PRIVATE_KEY)));
  }
  if (chain.mempool.balanceOf(STRK_TOKEN.address, relayer) < 10n ** 20n) {
    chain.setBalance(STRK_TOKEN.address, relayer, 10n ** 22n);
  }
  const body = genericClass(['execute', 'deployContract']);
  const services: [bigint, ServiceData['role']][] = [
    [FORWARDER_ADDRESS, 'forwarder'],
    [UDC_ADDRESS, 'udc'],
  ];
  const states: ChainState[] = [chain.latest, chain.pending, chain.mempool];
  for (const state of states) {
    state.classes.set(SERVICE_CLASS_HASH, body);
    for (const [address, role] of services) {
      if (!state.contracts.has(address)) {
        state.contracts.set(address, {
          address,
          classHash: SERVICE_CLASS_HASH,
          data: {
            kind: 'service',
            role,
            owner: relayer,
            feeRecipient: FEE_RECIPIENT,
          },
        });
      }
    }
  }
}
