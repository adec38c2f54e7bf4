/* eslint-disable no-restricted-globals -- a browser page: the DOM is what it works with. */
/**
 * The snapnet demo dapp: every button is one call of the typed snap client, so this file
 * doubles as an example of `snapnet/client`. The snap id comes from `?snapId=` (default:
 * the local snap `npm start` serves).
 */
import type { Token } from '../src/api/addErc20Token';
import {
  createSnapnetClient,
  erc20TransferCall,
  formatTokenAmount,
  parseTokenAmount,
  STARKNET_CHAIN_IDS,
  toAccountId,
  toCaipChainId,
} from '../src/client/snap';
import { installSnapnetWallet } from '../src/client/wallet';
import { mountDappPanel } from './dapp';
import { byId, onClick, renderList, show } from './view';

const snapId =
  new URLSearchParams(window.location.search).get('snapId') ??
  'local:http://localhost:8080';
const client = createSnapnetClient({ snapId });
// What a wallet extension would do: make snapnet discoverable by Starknet dapps (the
// "Starknet dapp" panel, demo/dapp.ts, finds it this way).
installSnapnetWallet({ snapId });
mountDappPanel();

/** What the page knows: the network, the selected account and the watch list. */
const page: {
  chainId: string;
  address: string | undefined;
  tokens: Token[];
} = { chainId: STARKNET_CHAIN_IDS.sepolia, address: undefined, tokens: [] };

const NEEDS_CONNECTION = [
  'switch-network',
  'create-account',
  'recover-accounts',
  'refresh-balances',
  'sign',
  'send',
  'list-transactions',
];

/**
 * The selected account, or an error telling the user to create one.
 *
 * @returns Its address.
 */
function selectedAddress(): string {
  if (!page.address) {
    throw new Error('Create or recover an account first.');
  }
  return page.address;
}

/**
 * Selects an account and shows it.
 *
 * @param address - The account address.
 */
function select(address: string): void {
  page.address = address;
  show('address', address);
  byId('address', HTMLElement).title = toAccountId(page.chainId, address);
}

/** Shows the current network and the accounts and tokens the snap knows on it. */
async function refreshNetwork(): Promise<void> {
  const network = await client.getCurrentNetwork();
  page.chainId = network.chainId;
  show('network', `${network.name} (${network.chainId})`);
  byId('network-select', HTMLSelectElement).value = network.chainId;
  page.tokens = await client.getStoredErc20Tokens();
  byId('token-select', HTMLSelectElement).replaceChildren(
    ...page.tokens.map((token) => new Option(token.symbol, token.address)),
  );
  await refreshAccounts();
}

/** Lists the accounts the snap knows; keeps the selection when it is among them. */
async function refreshAccounts(): Promise<void> {
  const accounts = await client.listAccounts();
  const selected = accounts.find((account) => account.address === page.address);
  const [first] = accounts;
  if (selected) {
    select(selected.address);
  } else if (first) {
    select(first.address);
  } else {
    page.address = undefined;
    show('address', '');
  }
  renderList(
    'accounts',
    accounts.map((account) => ({
      text: `#${account.addressIndex} ${account.address}`,
      selected: account.address === page.address,
      onSelect: (): void => {
        select(account.address);
        refreshAccounts().catch(() => undefined);
      },
    })),
  );
}

/**
 * SNIP-12 typed data (revision 1) for a text message on the current network.
 *
 * @param text - The message.
 * @returns The typed data.
 */
function messageTypedData(text: string): Record<string, unknown> {
  const [, reference] = toCaipChainId(page.chainId).split(':');
  return {
    types: {
      StarknetDomain: [
        { name: 'name', type: 'shortstring' },
        { name: 'version', type: 'shortstring' },
        { name: 'chainId', type: 'shortstring' },
        { name: 'revision', type: 'shortstring' },
      ],
      Message: [{ name: 'contents', type: 'string' }],
    },
    primaryType: 'Message',
    domain: {
      name: 'snapnet demo',
      version: '1',
      chainId: reference,
      revision: '1',
    },
    message: { contents: text },
  };
}

onClick('connect', async () => {
  const snap = await client.connect();
  show('status', `Connected to ${snap.id} v${snap.version}`);
  for (const id of NEEDS_CONNECTION) {
    byId(id, HTMLButtonElement).disabled = false;
  }
  await refreshNetwork();
});

onClick('switch-network', async () => {
  const chainId = byId('network-select', HTMLSelectElement).value;
  const switched = await client.switchNetwork({ chainId });
  if (!switched) {
    show('status', 'Network switch refused in the wallet');
  }
  await refreshNetwork();
});

onClick('create-account', async () => {
  const index = byId('address-index', HTMLInputElement).value.trim();
  const { address } = await client.createAccount(
    index ? { addressIndex: Number(index) } : {},
  );
  select(address);
  await refreshAccounts();
});

onClick('recover-accounts', async () => {
  const scanned = await client.recoverAccounts({ maxScanned: 5, maxMissed: 1 });
  await refreshAccounts();
  renderList(
    'accounts',
    scanned.map((account) => ({
      text: `#${account.addressIndex} ${account.address} — ${
        account.deployed ? 'deployed' : 'not deployed'
      }, ${account.used ? 'used' : 'unused'}`,
      selected: account.address === page.address,
      onSelect: (): void => select(account.address),
    })),
  );
});

onClick('refresh-balances', async () => {
  const userAddress = selectedAddress();
  const balances = await Promise.all(
    page.tokens.map(async (token) => ({
      token,
      balance: await client.getErc20TokenBalance({
        tokenAddress: token.address,
        userAddress,
      }),
    })),
  );
  renderList(
    'balances',
    balances.map(({ token, balance }) => ({
      text: `${formatTokenAmount(balance.balanceLatest, token.decimals)} ${
        token.symbol
      } (pending ${formatTokenAmount(balance.balancePending, token.decimals)})`,
    })),
  );
});

onClick('sign', async () => {
  const signerAddress = selectedAddress();
  const typedDataMessage = messageTypedData(
    byId('message', HTMLTextAreaElement).value,
  );
  show('typed-data', JSON.stringify(typedDataMessage, null, 2));
  show('signature', '');
  show('verified', '');
  const signature = await client.signMessage({
    typedDataMessage,
    signerAddress,
  });
  show('signature', signature);
  const valid = await client.verifySignedMessage({
    typedDataMessage,
    address: signerAddress,
    signature,
  });
  show('verified', valid ? 'valid' : 'invalid');
});

onClick('send', async () => {
  const address = selectedAddress();
  const tokenAddress = byId('token-select', HTMLSelectElement).value;
  const token = page.tokens.find((entry) => entry.address === tokenAddress);
  if (!token) {
    throw new Error('Choose a token.');
  }
  const amount = parseTokenAmount(
    byId('amount', HTMLInputElement).value,
    token.decimals,
  );
  const recipient = byId('recipient', HTMLInputElement).value.trim();
  show('transfer-result', '');
  const { transaction_hash: hash } = await client.executeTxn({
    address,
    calls: [erc20TransferCall(token.address, recipient, amount)],
  });
  show('transfer-result', hash);
  const status = await client.getTransactionStatus({ transactionHash: hash });
  show('transfer-result', `${hash} (${status})`);
});

onClick('list-transactions', async () => {
  const records = await client.getTransactions({
    senderAddress: selectedAddress(),
    withDeployTxn: true,
  });
  renderList(
    'transactions',
    records.length === 0
      ? [{ text: 'No transactions yet' }]
      : records.map((record) => ({
          text: `${new Date(record.timestamp * 1000).toLocaleString()} ${
            record.txnType
          } ${record.contractFuncName} ${record.txnHash} — ${record.status}`,
        })),
  );
});
