/**
 * A small dapp using snapnet/wallet as a dapp would: make snapnet discoverable, then
 * connect and sign through the wallet API. Bundled by bench/bundle.ts to report what
 * the adapter adds to a dapp (starknet.js is the dapp's own dependency, not counted).
 */
import { installSnapnetWallet } from '../../src/client/wallet';

const { wallet } = installSnapnetWallet({ snapId: 'npm:snapnet' });

/**
 * Connects and reads the account and network, as a dapp's "Connect" button would.
 *
 * @returns The account address and the chain id.
 */
export async function connect(): Promise<{
  account?: string;
  chainId: string;
}> {
  const [account] = await wallet.request({ type: 'wallet_requestAccounts' });
  const chainId = await wallet.request({ type: 'wallet_requestChainId' });
  wallet.on('accountsChanged', (accounts) => {
    console.log('account', accounts?.[0]);
  });
  return { account, chainId };
}
