/**
 * What dapps expect of each wallet-API request before and after connecting (the
 * wallet API spec — starknet-specs wallet-api/wallet_rpc.json 0.7.2 and
 * 0.8.0 — and get-starknet's use of it), and the docs/wallet.md table built from
 * it and the observed outcomes. `—`: not applicable.
 */

/** Expected outcome per row: not connected, connected. */
export const EXPECTED: [string, string, string][] = [
  ['wallet_getPermissions', '[]', '["accounts"]'],
  ['wallet_requestAccounts { silent_mode: true }', '[]', '[account]'],
  ['wallet_requestAccounts', 'connect → [account 1]', '[account]'],
  ['wallet_requestAccounts, connection refused', 'connect → []', '—'],
  ['wallet_requestChainId', 'chain id', 'chain id'],
  ['wallet_supportedSpecs', '["0.10"]', '["0.10"]'],
  ['wallet_supportedWalletApi', '["0.8.0","0.7.2"]', '["0.8.0","0.7.2"]'],
  ['wallet_addInvokeTransaction', 'error 163', '{ transaction_hash }'],
  ['wallet_addInvokeTransaction, refused', '—', 'error 113'],
  ['wallet_addInvokeTransaction, calldata -1', '—', 'error 114'],
  ['wallet_addInvokeTransaction with proof', 'error 114', 'error 114'],
  [
    'wallet_addDeclareTransaction',
    'connect → error 113',
    '{ class_hash, transaction_hash }',
  ],
  ['wallet_signTypedData', 'connect → error 113', '[r, s]'],
  ['wallet_signTypedData, refused', '—', 'error 113'],
  [
    'wallet_deploymentData, not deployed',
    'error 116',
    '{ address, calldata, class_hash, salt, version }',
  ],
  ['wallet_deploymentData, deployed', '—', 'error 115'],
  ['wallet_watchAsset ERC20', 'connect → error 113', 'true'],
  ['wallet_watchAsset ERC721', 'error 114', 'error 114'],
  ['wallet_watchAsset, not an ERC-20', '—', 'error 111'],
  ['wallet_switchStarknetChain, current chain', 'connect → error 113', 'true'],
  ['wallet_switchStarknetChain { silent_mode: true }', 'error 117', 'true'],
  ['wallet_switchStarknetChain, other chain', '—', 'true'],
  ['wallet_switchStarknetChain, refused', '—', 'error 113'],
  ['wallet_switchStarknetChain, unknown chain', 'error 112', 'error 112'],
  ['wallet_addStarknetChain, mainnet', 'true', 'true'],
  ['wallet_addStarknetChain, unknown chain', 'error 163', 'error 163'],
  ['wallet_addStarknetChain, chain_id not hex', 'error 114', 'error 114'],
  ['wallet_strk20Balances', 'error 163', 'error 163'],
  ['unknown type', 'error 163', 'error 163'],
  ['api_version 0.1', 'error 162', 'error 162'],
  ['api_version 0.7, deploymentData', 'error 163', '—'],
  [
    'networkChanged, switch through the adapter',
    '—',
    'at once ("0x534e5f4d41494e")',
  ],
  // Each site has its own network: another site's switch never moves this one.
  ['networkChanged, switch elsewhere', 'never, no polling', 'never'],
  ['accountsChanged, account switched elsewhere', 'never, no polling', 'never'],
];

/** Observed outcomes by row: not connected, connected. */
export type Outcomes = Map<string, { notConnected: string; connected: string }>;

/**
 * The full table (docs/wallet.md): one line per row with what dapps expect and what
 * snapnet did, ✅ when both observed outcomes are the expected.
 *
 * @param outcomes - What snapnet did.
 * @returns The Markdown table.
 */
export function renderTable(outcomes: Outcomes): string {
  const lines = [
    '| Request / event | Not connected: expected | snapnet | Connected: expected | snapnet | |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const [row, notConnected, connected] of EXPECTED) {
    const seen = outcomes.get(row) ?? { notConnected: '?', connected: '?' };
    const ok =
      seen.notConnected === notConnected && seen.connected === connected;
    const cell = (text: string): string => `\`${text}\``;
    lines.push(
      `| ${row} | ${cell(notConnected)} | ${cell(seen.notConnected)} | ${cell(connected)} | ${cell(seen.connected)} | ${ok ? '✅' : '❌'} |`,
    );
  }
  return lines.join('\n');
}
