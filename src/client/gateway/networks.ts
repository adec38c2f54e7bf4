/** The chain families whose methods the interface documents, plus Starknet. */
export type ChainFamily = 'evm' | 'solana' | 'starknet';

/** Where one network's gateway lives: `{baseUrl}/v3/<KEY>`, `{wsUrl}/ws/v3/<KEY>`. */
export type NetworkPreset = {
  family: ChainFamily;
  baseUrl: string;
  /** Only EVM networks have one, as the interface shows WebSocket only there. */
  wsUrl?: string;
};

const evm = (host: string) =>
  ({
    family: 'evm',
    baseUrl: `https://${host}`,
    wsUrl: `wss://${host}`,
  }) as const;
const http = <Family extends ChainFamily>(family: Family, host: string) =>
  ({ family, baseUrl: `https://${host}` }) as const;

/** Presets of Infura-style hosts, so that callers name a network; others via `baseUrl`. */
export const GATEWAY_NETWORKS = {
  'ethereum-mainnet': evm('mainnet.infura.io'),
  'ethereum-sepolia': evm('sepolia.infura.io'),
  'solana-mainnet': http('solana', 'solana-mainnet.infura.io'),
  'solana-devnet': http('solana', 'solana-devnet.infura.io'),
  'starknet-mainnet': http('starknet', 'starknet-mainnet.infura.io'),
  'starknet-sepolia': http('starknet', 'starknet-sepolia.infura.io'),
} satisfies Record<string, NetworkPreset>;

/** Names of the network presets. */
export type GatewayNetwork = keyof typeof GATEWAY_NETWORKS;
