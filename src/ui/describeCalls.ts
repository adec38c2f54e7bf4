import { parseFelt, toFelt64 } from '../api/felt';
import type { Call } from '../api/transaction';
import { abiArguments } from './abiArguments';

/**
 * A known token, to show ERC-20 amounts with their symbol and decimals; `addedBy` for
 * one a page added (never trusted: shown with that page).
 */
export type KnownToken = {
  address: string;
  symbol: string;
  decimals: number;
  addedBy?: string;
};

/** What a call does, decoded for the dialog where possible. */
export type DescribedCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
  /** Arguments named by the contract's ABI on chain, else by the dapp's, when decodable. */
  args?: { name: string; value: string }[];
  /** Set when the names come from the dapp's ABI: the contract has none on chain. */
  unverified?: true;
  /** Set for ERC-20 transfer/approve on a known token. */
  erc20?: {
    kind: 'transfer' | 'approve';
    counterparty: string;
    /** In the token's smallest unit; the dialog formats it in the user's language. */
    amount: bigint;
    decimals: number;
    symbol: string;
    /** The page that added the token ("" when not recorded): unverified. */
    addedBy?: string;
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
 * recipients, and names arguments with the contract's ABI read from the chain. The
 * dapp's ABI is used only for a contract with no ABI on chain, and the call is then
 * marked unverified: a page must not be able to relabel what a contract does.
 *
 * @param calls - The calls to sign.
 * @param tokens - Tokens the wallet knows on that network.
 * @param abis - ABIs the dapp gave, if any.
 * @param chainAbis - Called contract (0x + 64 digits) → its class's ABI on chain.
 * @returns One description per call.
 */
export function describeCalls(
  calls: Call[],
  tokens: readonly KnownToken[],
  abis?: DappAbis,
  chainAbis: ReadonlyMap<string, unknown[]> = new Map(),
): DescribedCall[] {
  return calls.map((call) => {
    const calldata = call.calldata ?? [];
    const described: DescribedCall = {
      contractAddress: call.contractAddress,
      entrypoint: call.entrypoint,
      calldata,
    };
    const onChain = chainAbis.get(toFelt64(call.contractAddress));
    const abi = onChain ?? abiFor(abis, call.contractAddress);
    const args = abi ? abiArguments(abi, call.entrypoint, calldata) : undefined;
    if (args) {
      described.args = args;
      if (!onChain) {
        described.unverified = true;
      }
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
        amount,
        decimals: token.decimals,
        symbol: token.symbol,
        ...(token.addedBy === undefined ? {} : { addedBy: token.addedBy }),
      };
    }
    return described;
  });
}
