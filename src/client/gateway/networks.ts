/** The chain families whose methods the interface documents, plus Starknet. */
export type ChainFamily = 'evm' | 'solana' | 'starknet';

/** Where one network's gateway lives. */
export type NetworkPreset = {
  /** Which chain family's methods the network serves. */
  family: ChainFamily;
  /** `{base_url}`: HTTP requests go to `{baseUrl}/v3/<API_KEY>`. */
  baseUrl: string;
  /** `{ws_url}`: only EVM networks have one, as the interface shows WebSocket only there. */
  wsUrl?: string;
};

/** Presets of Infura-style hosts, so that callers name a network; others via `baseUrl`. */
export const GATEWAY_NETWORKS = {
  'ethereum-mainnet': {
    family: 'evm',
    baseUrl: 'https://mainnet.infura.io',
    wsUrl: 'wss://mainnet.infura.io',
  },
  'ethereum-sepolia': {
    family: 'evm',
    baseUrl: 'https://sepolia.infura.io',
    wsUrl: 'wss://sepolia.infura.io',
  },
  'solana-mainnet': {
    family: 'solana',
    baseUrl: 'https://solana-mainnet.infura.io',
  },
  'solana-devnet': {
    family: 'solana',
    baseUrl: 'https://solana-devnet.infura.io',
  },
  'starknet-mainnet': {
    family: 'starknet',
    baseUrl: 'https://starknet-mainnet.infura.io',
  },
  'starknet-sepolia': {
    family: 'starknet',
    baseUrl: 'https://starknet-sepolia.infura.io',
  },
} as const satisfies Record<string, NetworkPreset>;

/** Names of the network presets. */
export type GatewayNetwork = keyof typeof GATEWAY_NETWORKS;

/** Each documented method's family: a preset's client refuses other families'. */
export const METHOD_FAMILY: ReadonlyMap<string, ChainFamily> = new Map([
  ['simulateTransaction', 'solana'],
  ['getBlockProduction', 'solana'],
  ['eth_getTransactionByBlockHashAndIndex', 'evm'],
  ['eth_getUncleByBlockHashAndIndex', 'evm'],
  ['eth_getTransactionByHash', 'evm'],
  ['eth_call', 'evm'],
]);

/** Methods the interface shows no WebSocket endpoint for; a 'ws' client refuses them. */
export const HTTP_ONLY_METHODS: ReadonlySet<string> = new Set([
  'eth_call',
  'simulateTransaction',
  'getBlockProduction',
]);

/**
 * Looks a preset up by any string (plain JavaScript callers).
 *
 * @param name - The network name.
 * @returns The preset, or undefined.
 */
export function findNetwork(name: string): NetworkPreset | undefined {
  return Object.entries(GATEWAY_NETWORKS).find(([key]) => key === name)?.[1];
}
