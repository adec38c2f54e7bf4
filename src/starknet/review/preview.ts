import type { Infer } from '@metamask/superstruct';

import { toFelt64 } from '../accounts/address';
import { accountEventName } from './accountEvents';
import type { NftApproval, NftChange, OperatorApproval } from './nftEvents';
import { readNftEvent } from './nftEvents';
import { traceRevertReason } from './revertReason';
import type { Trace, TraceEventStruct, TraceInvocation } from './traces';

export type { Trace } from './traces';
export { TraceStruct } from './traces';

/** An approval the account grants, as a simulation shows it. */
export type Approval = { token: string; spender: string; amount: bigint };

/** What a simulated plan does to the signing account, besides its fee. */
export type Preview = {
  /** Token address → net amount (negative: the account pays). Zero nets are left out. */
  balanceChanges: Map<string, bigint>;
  approvals: Approval[];
  /** NFTs that leave (-) or reach (+) the account, net per collection and token id. */
  nftChanges: NftChange[];
  /** Operators the account lets move a whole collection (the last word per operator). */
  operators: OperatorApproval[];
  /** Single ERC-721 tokens the account lets a spender move. */
  nftApprovals: NftApproval[];
  /** Events the execution emitted that the snap cannot read (the account's own aside). */
  unreadEvents: number;
  /**
   * Changes the calls make to the account itself (its own events, named: an owner,
   * guardian or class change), in order; the wallet's own deployment of it aside.
   */
  accountChanges: string[];
  /** Set when the invoke reverts in the simulation: innermost failure first. */
  revertReason: string | undefined;
};

/** `Transfer` event selector (`starknet_keccak('Transfer')`). */
export const TRANSFER_KEY =
  0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9n;
/** `Approval` event selector. */
export const APPROVAL_KEY =
  0x134692b230b9e1ffa39098904722134159652b09c5bc41d88d6698779d228ffn;

const U128 = 2n ** 128n;

/**
 * The two addresses and amount of a `Transfer`/`Approval` event, in either layout:
 * Cairo 1 (keys `[selector, a, b]`, data `[low, high]`) or legacy (keys `[selector]`,
 * data `[a, b, low, high]`).
 *
 * @param event - The event.
 * @param event.keys - Its keys.
 * @param event.data - Its data.
 * @returns Selector, both addresses and the amount; undefined for any other shape.
 */
function readPair(event: {
  keys: string[];
  data: string[];
}): { key: bigint; first: bigint; second: bigint; amount: bigint } | undefined {
  const words = [...event.keys, ...event.data].map((felt) => BigInt(felt));
  const keyCount = event.keys.length;
  if (words.length !== 5 || (keyCount !== 3 && keyCount !== 1)) {
    return undefined;
  }
  const [key = 0n, first = 0n, second = 0n, low = 0n, high = 0n] = words;
  return { key, first, second, amount: low + high * U128 };
}

/**
 * Every invocation of a tree, depth first, with its events; an inner call that reverted
 * (and was caught) changed nothing, so it and its subtree are left out.
 *
 * @param root - The root invocation.
 * @returns The invocations.
 */
function invocationsOf(root: TraceInvocation): TraceInvocation[] {
  return root.is_reverted === true
    ? []
    : [root, ...root.calls.flatMap(invocationsOf)];
}

/**
 * The invocations whose events change what the account holds: an invoke's
 * `execute_invocation` and a deployment's `constructor_invocation`. The fee transfer
 * is left out: it is the fee, shown apart.
 *
 * @param trace - One transaction's trace.
 * @returns The root invocations to read.
 */
function executionRoots(trace: Trace): TraceInvocation[] {
  if (trace.type === 'INVOKE') {
    return 'revert_reason' in trace.execute_invocation
      ? []
      : [trace.execute_invocation];
  }
  return trace.constructor_invocation ? [trace.constructor_invocation] : [];
}

/**
 * One transaction's events (fee transfer aside) in the order it emitted them: by the
 * events' `order` (ORDERED_EVENT), which a tree walk does not give (a contract's own
 * event after a nested call comes later than the call's events, yet the walk reads it
 * first). Without `order` on every event, the walk's order is kept.
 *
 * @param trace - One transaction's trace.
 * @returns Each event with its emitter (0x + 64 digits).
 */
function emittedInOrder(
  trace: Trace,
): { event: Infer<typeof TraceEventStruct>; emitter: string }[] {
  const all = executionRoots(trace)
    .flatMap(invocationsOf)
    .flatMap((invocation) => {
      const emitter = toFelt64(invocation.contract_address);
      return invocation.events.map((event) => ({ event, emitter }));
    });
  const ordered = all.every((item) => item.event.order !== undefined);
  return ordered
    ? all.sort(
        (left, right) => (left.event.order ?? 0) - (right.event.order ?? 0),
      )
    : all;
}

/** What the preview adds up while it walks the events. */
type Tally = {
  balanceChanges: Map<string, bigint>;
  approvals: Map<string, Approval>;
  nfts: Map<string, NftChange>;
  operators: Map<string, OperatorApproval>;
  nftApprovals: NftApproval[];
  unreadEvents: number;
  accountChanges: string[];
};

/**
 * Adds one event to the tally: an ERC-20 `Transfer`/`Approval`, else an NFT event,
 * else an event the snap cannot read, or one the account itself emitted: a change to
 * the account (`TransactionExecuted` aside).
 *
 * @param tally - What is added up so far.
 * @param event - The event.
 * @param event.keys - Its keys.
 * @param event.data - Its data.
 * @param emitter - The contract that emitted it (0x + 64 digits).
 * @param account - The signing account.
 */
function addEvent(
  tally: Tally,
  event: { keys: string[]; data: string[] },
  emitter: string,
  account: string,
): void {
  const owner = BigInt(account);
  const pair = readPair(event);
  if (pair?.key === TRANSFER_KEY) {
    const delta =
      (pair.second === owner ? pair.amount : 0n) -
      (pair.first === owner ? pair.amount : 0n);
    const { balanceChanges } = tally;
    balanceChanges.set(emitter, (balanceChanges.get(emitter) ?? 0n) + delta);
    return;
  }
  if (pair?.key === APPROVAL_KEY) {
    if (pair.first === owner) {
      const spender = toFelt64(`0x${pair.second.toString(16)}`);
      tally.approvals.set(`${emitter}:${spender}`, {
        token: emitter,
        spender,
        amount: pair.amount,
      });
    }
    return;
  }
  const effect = readNftEvent(event, account, emitter);
  if (effect?.kind === 'move') {
    for (const change of effect.changes) {
      const key = `${change.collection}:${change.tokenId}`;
      const amount = (tally.nfts.get(key)?.amount ?? 0n) + change.amount;
      tally.nfts.set(key, { ...change, amount });
    }
  } else if (effect?.kind === 'operator') {
    const { collection, operator } = effect.approval;
    tally.operators.set(`${collection}:${operator}`, effect.approval);
  } else if (effect?.kind === 'approve') {
    tally.nftApprovals.push(effect.approval);
  } else if (!effect && BigInt(emitter) !== owner) {
    tally.unreadEvents += 1;
  } else if (!effect) {
    const change = accountEventName(event.keys[0]);
    if (change !== undefined) {
      tally.accountChanges.push(change);
    }
  }
}

/**
 * Reads what a simulated plan does to an account from its traces: the net change
 * per token over every `Transfer` event the execution emitted (from the account:
 * minus; to it: plus), the approvals it grants (`Approval` with owner = account, the
 * last one per token and spender), the NFTs that leave or reach it and the operators
 * it approves (nftEvents.ts), how many events it could not read, the changes to the
 * account itself (its own events but `TransactionExecuted`), and the revert reason.
 * Events are read in the order each transaction emitted them (their `order`), so the
 * last approval is the one kept. Trace events carry no `from_address`: the token is the
 * contract of the invocation that emitted them.
 *
 * @param traces - The plan's traces, in order (deploy_account first, if any).
 * @param account - The signing account.
 * @returns The preview.
 */
export function readPreview(traces: Trace[], account: string): Preview {
  const tally: Tally = {
    balanceChanges: new Map(),
    approvals: new Map(),
    nfts: new Map(),
    operators: new Map(),
    nftApprovals: [],
    unreadEvents: 0,
    accountChanges: [],
  };
  for (const trace of traces) {
    // The wallet's own deployment of the account sets its owner: not a change.
    const deployed = trace.type === 'INVOKE' ? -1n : BigInt(account);
    for (const { event, emitter } of emittedInOrder(trace)) {
      if (BigInt(emitter) !== deployed) {
        addEvent(tally, event, emitter, account);
      }
    }
  }
  const balanceChanges = new Map(
    [...tally.balanceChanges].filter(([, delta]) => delta !== 0n),
  );
  const invoke = traces.find((trace) => trace.type === 'INVOKE');
  return {
    balanceChanges,
    approvals: [...tally.approvals.values()],
    nftChanges: [...tally.nfts.values()].filter((nft) => nft.amount !== 0n),
    operators: [...tally.operators.values()],
    nftApprovals: tally.nftApprovals,
    unreadEvents: tally.unreadEvents,
    accountChanges: tally.accountChanges,
    revertReason: traceRevertReason(
      invoke?.type === 'INVOKE' ? invoke.execute_invocation : undefined,
    ),
  };
}
