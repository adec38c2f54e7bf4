import type {
  RecoverAccountsParams,
  RecoverAccountsResult,
  RecoveredAccount,
} from '../api/recoverAccounts';
import { AccountNotGranted } from '../errors';
import type { AccountKeys } from '../keys/derive';
import { toAccountRecord } from '../starknet/accounts/accounts';
import type { CairoVersion } from '../starknet/accounts/address';
import {
  CONTRACT_NOT_FOUND,
  classHashAtCall,
  u256Of,
  viewCall,
} from '../starknet/node/calls';
import type { NodeOutcome } from '../starknet/node/node';
import { ETH, STRK, knownTokens } from '../starknet/tokens/tokens';
import { grant, isGranted } from '../state/grants';
import type { AccountRecord } from '../state/types';
import { RecoverDialog } from '../ui/PageAccessDialogs';
import { confirm } from '../ui/show';
import { storeAccounts } from './accountList';
import type { RpcContext } from './context';
import { USER_ORIGIN, revocationMark } from './pageAccess';

/**
 * Asks the user before a page scans the seed; the user's own requests do
 * not ask.
 *
 * @param ctx - Request context.
 * @param start - First index.
 * @param count - Indexes scanned at most.
 * @returns Whether what is found may be stored and given to the page.
 */
async function askToScan(
  ctx: RpcContext,
  start: number,
  count: number,
): Promise<boolean> {
  return (
    ctx.origin === USER_ORIGIN ||
    confirm(
      <RecoverDialog
        translate={await ctx.t()}
        origin={ctx.origin}
        network={ctx.network}
        start={start}
        count={count}
      />,
    )
  );
}

/** Indexes probed per batched node request. */
const INDEXES_PER_BATCH = 20;

/** Both account kinds are probed, so funds at a legacy proxy address are found too. */
const KINDS: readonly CairoVersion[] = ['1', '0'];

type Probe = {
  record: AccountRecord;
  deployed: boolean;
  funded: boolean;
};

/**
 * Reads one address' probe results out of a batch answer.
 *
 * @param outcomes - The outcomes of this address, in call order.
 * @returns Whether it is deployed and whether it holds any token read.
 */
function readProbe(outcomes: NodeOutcome<string | string[]>[]): {
  deployed: boolean;
  funded: boolean;
} {
  const [classHash, ...balances] = outcomes;
  let deployed = false;
  if (classHash?.ok) {
    deployed = true;
  } else if (classHash && classHash.error.code !== CONTRACT_NOT_FOUND) {
    throw classHash.error;
  }
  const funded = balances.some((outcome) => {
    if (!outcome.ok) {
      throw outcome.error;
    }
    return Array.isArray(outcome.result) && u256Of(outcome.result) > 0n;
  });
  return { deployed, funded };
}

/**
 * The tokens whose balance makes an address used: ETH and STRK for a Cairo 1 address;
 * every preloaded and listed token for a legacy one (the other MetaMask snap read ETH
 * only, so STRK or USDC left there stayed invisible).
 *
 * @param kind - The address formula.
 * @param known - The network's preloaded and listed token addresses.
 * @returns Token addresses.
 */
function tokensRead(kind: CairoVersion, known: readonly string[]): string[] {
  return kind === '0' ? [...known] : [ETH.address, STRK.address];
}

/**
 * Probes a run of indexes in one batched request.
 *
 * @param ctx - Request context.
 * @param keys - Derived keys of the indexes.
 * @param known - The network's preloaded and listed token addresses.
 * @returns Per index, the probes of the account kinds that are used (both, when a
 * legacy and a Cairo 1 account are), or of the Cairo 1 address when neither is.
 */
async function probe(
  ctx: RpcContext,
  keys: AccountKeys[],
  known: readonly string[],
): Promise<Probe[][]> {
  const { chainId } = ctx.network;
  const records = keys.flatMap((key) =>
    KINDS.map((kind) => toAccountRecord(key, chainId, kind)),
  );
  const perRecord = records.map((record) => [
    classHashAtCall(record.address),
    ...tokensRead(record.cairoVersion, known).map((token) =>
      viewCall(token, 'balanceOf', [record.address]),
    ),
  ]);
  const outcomes = await ctx.node.batch(perRecord.flat());
  let at = 0;
  const probes = records.map((record, index) => {
    const count = perRecord[index]?.length ?? 0;
    const mine = outcomes.slice(at, at + count);
    at += count;
    return { record, ...readProbe(mine) };
  });
  return keys.map((_, index) => {
    const kinds = probes.slice(
      index * KINDS.length,
      (index + 1) * KINDS.length,
    );
    const used = kinds.filter(isUsed);
    return used.length > 0 ? used : kinds.slice(0, 1);
  });
}

/**
 * Whether a probed account is used.
 *
 * @param item - The probe.
 * @returns True when deployed or funded.
 */
function isUsed(item: Probe): boolean {
  return item.deployed || item.funded;
}

/**
 * What a scan stores: the used accounts, and the first unused index (the account a
 * new one would be), nothing else, so a scan of many empty indexes stores one.
 *
 * @param found - Every probe of the scan, in index order.
 * @returns The records to store.
 */
function worthStoring(found: readonly Probe[]): AccountRecord[] {
  const firstUnused = found.find((item) => !isUsed(item));
  return found
    .filter((item) => isUsed(item) || item === firstUnused)
    .map(({ record }) => record);
}

/**
 * Probes the seed's indexes from `start`, a batch of up to 20 per node request, until
 * `maxScanned` indexes or the `maxMissed`-th consecutive unused one.
 *
 * @param ctx - Request context.
 * @param start - First index.
 * @param maxScanned - Indexes scanned at most.
 * @param maxMissed - Consecutive unused indexes that end the scan.
 * @returns Every probed account, in index order.
 */
async function scan(
  ctx: RpcContext,
  start: number,
  maxScanned: number,
  maxMissed: number,
): Promise<Probe[]> {
  const derive = await ctx.keys();
  const { chainId } = ctx.network;
  const watched = (await ctx.store.read()).tokens[chainId];
  const tokens = [
    ...new Set(knownTokens(chainId, watched).map((token) => token.address)),
  ];
  const found: Probe[] = [];
  let missed = 0;
  let next = start;
  const end = start + maxScanned;
  while (next < end && missed < maxMissed) {
    const count = Math.min(INDEXES_PER_BATCH, end - next);
    const keys: AccountKeys[] = [];
    for (let index = next; index < next + count; index++) {
      keys.push(await derive(index));
    }
    next += count;
    for (const kinds of await probe(ctx, keys, tokens)) {
      found.push(...kinds);
      missed = kinds.some(isUsed) ? 0 : missed + 1;
      if (missed >= maxMissed) {
        break;
      }
    }
  }
  return found;
}

/**
 * `snapnet_recoverAccounts`: scans indexes from `startScanIndex` and reports each one,
 * stopping after `maxScanned` indexes or right after the `maxMissed`-th consecutive
 * unused one. An index is used when its account is deployed or holds ETH or STRK (a
 * legacy address: any preloaded or listed token).
 * Each run of up to 20 indexes costs one batched node request. An index where both a
 * legacy (Cairo 0 proxy) and a Cairo 1 account are used reports both. Only the used
 * accounts and the first unused index are stored (one state write, only if something
 * changed), within the per-network cap; the current account does not move.
 *
 * @param params - Scan bounds and network.
 * @param ctx - Request context.
 * @returns Every scanned account, in index order.
 * @throws InvalidField (-32602, `maxScanned`) when storing would pass the cap of
 * accounts per network; nothing is stored then.
 */
export async function recoverAccounts(
  params: RecoverAccountsParams,
  ctx: RpcContext,
): Promise<RecoverAccountsResult> {
  const start = params.startScanIndex ?? 0;
  const maxScanned = params.maxScanned ?? 1;
  const maxMissed = params.maxMissed ?? 1;
  const mark = revocationMark(ctx.origin);
  const approved = await askToScan(ctx, start, maxScanned);
  const found = await scan(ctx, start, maxScanned, maxMissed);

  if (!approved || revocationMark(ctx.origin) !== mark) {
    // Declined, or the page was revoked meanwhile: only what it still holds.
    const state = await ctx.store.read();
    return recovered(
      found.filter(({ record }) =>
        isGranted(state, ctx.origin, ctx.network.chainId, record.address),
      ),
      [],
    );
  }
  const stored = await ctx.store.update((state) => {
    if (revocationMark(ctx.origin) !== mark) {
      throw new AccountNotGranted('maxScanned', ctx.network.name);
    }
    const list = storeAccounts(
      state,
      ctx.network,
      worthStoring(found),
      'maxScanned',
    );
    if (ctx.origin !== USER_ORIGIN) {
      for (const { record } of found) {
        grant(state, ctx.origin, ctx.network.chainId, record.address, false);
      }
    }
    return list;
  });
  return recovered(found, stored);
}

/**
 * The answer of a scan.
 *
 * @param found - The probed accounts.
 * @param stored - The network's stored accounts (they may know a deploy hash).
 * @returns The recovered accounts.
 */
function recovered(
  found: readonly Probe[],
  stored: readonly AccountRecord[],
): RecoverAccountsResult {
  return found.map(({ record, deployed, funded }): RecoveredAccount => {
    // The stored record may know the deploy hash of an account this snap deployed.
    const known = stored.find((item) => item.address === record.address);
    return {
      address: record.address,
      addressIndex: record.addressIndex,
      publicKey: record.publicKey,
      addressSalt: record.addressSalt,
      deployTxnHash: known?.deployTxnHash ?? record.deployTxnHash,
      derivationPath: record.derivationPath,
      chainId: record.chainId,
      deployed,
      used: deployed || funded,
    };
  });
}
