import { parseFelt } from '../api/felt';
import type { Call } from '../api/transaction';
import { formatUnits } from '../api/units';
import { abiArguments } from './abiArguments';

/** A known token, to show ERC-20 amounts with their symbol and decimals. */
export type KnownToken = { address: string; symbol: string; decimals: number };

/** What a call does, decoded for the dialog where possible. */
export type DescribedCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
  /** Arguments named by the dapp's ABI, when given and decodable. */
  args?: { name: string; value: string }[];
  /** Set for ERC-20 transfer/approve on a known token. */
  erc20?: {
    kind: 'transfer' | 'approve';
    counterparty: string;
    amount: string;
    symbol: string;
  };
};

const ERC20_ENTRYPOINTS = new Set(['transfer', 'approve']);

/** ABIs from the dapp: one for all calls, or one per contract address. */
export type DappAbis = unknown[] | Record<string, unknown[]>;

/**
 * The ABI that applies to a contract.
 *
 * @param abis - ABIs the dapp gave.
 * @param contractAddress - The called contract (normalized).
 * @returns Its ABI, if any.
 */
function abiFor(
  abis: DappAbis | undefined,
  contractAddress: string,
): unknown[] | undefined {
  if (!abis || Array.isArray(abis)) {
    return abis;
  }
  const key = Object.keys(abis).find(
    (address) =>
      parseFelt(address) !== undefined &&
      BigInt(address) === BigInt(contractAddress),
  );
  return key === undefined ? undefined : abis[key];
}

/**
 * Decodes ERC-20 transfers and approvals of known tokens into amounts and
 * recipients, and names arguments with the dapp's ABIs; other calls are shown raw.
 *
 * @param calls - The calls to sign.
 * @param tokens - Tokens the wallet knows on that network.
 * @param abis - ABIs the dapp gave, if any.
 * @returns One description per call.
 */
export function describeCalls(
  calls: Call[],
  tokens: readonly KnownToken[],
  abis?: DappAbis,
): DescribedCall[] {
  return calls.map((call) => {
    const calldata = call.calldata ?? [];
    const described: DescribedCall = {
      contractAddress: call.contractAddress,
      entrypoint: call.entrypoint,
      calldata,
    };
    const abi = abiFor(abis, call.contractAddress);
    const args = abi ? abiArguments(abi, call.entrypoint, calldata) : undefined;
    if (args) {
      described.args = args;
    }
    const token = tokens.find(
      (item) => BigInt(item.address) === BigInt(call.contractAddress),
    );
    const [counterparty, low, high] = calldata;
    if (
      token &&
      ERC20_ENTRYPOINTS.has(call.entrypoint) &&
      calldata.length === 3 &&
      counterparty !== undefined &&
      low !== undefined &&
      high !== undefined
    ) {
      const amount = BigInt(low) + BigInt(high) * 2n ** 128n;
      described.erc20 = {
        kind: call.entrypoint === 'transfer' ? 'transfer' : 'approve',
        counterparty: `0x${BigInt(counterparty).toString(16).padStart(64, '0')}`,
        amount: formatUnits(amount, token.decimals),
        symbol: token.symbol,
      };
    }
    return described;
  });
}
