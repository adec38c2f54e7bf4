import { isObject } from '@metamask/utils';

import { AccountNotGranted, InvalidField } from '../errors';
import { grant, isGranted } from '../state/grants';
import type { AccountRecord, SnapState } from '../state/types';
import { storeAccounts } from './accountList';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';

export { USER_ORIGIN } from './context';

/** How far past the highest stored index a page may create an account. */
export const MAX_INDEX_GAP = 20;

/** What checking or granting a page's access needs of a request. */
export type AccessContext = Pick<
  RpcContext,
  'origin' | 'network' | 'store' | 'routed'
>;

/**
 * How many times the user revoked each page since the snap started. A dialog that
 * gives a page an account notes the count before it is shown and gives nothing when
 * the count moved while it was open: a revoke wins over an approval given after it.
 * In memory, like the request queue (pendingOrigins.ts): a dialog never outlives the
 * snap's execution environment.
 */
const revocations = new Map<string, number>();

/**
 * Notes that the user revoked a page (home page), so its open dialogs grant nothing.
 *
 * @param origin - The page.
 */
export function noteRevoked(origin: string): void {
  revocations.set(origin, (revocations.get(origin) ?? 0) + 1);
}

/**
 * The page's revocation count, to compare once a dialog closed.
 *
 * @param origin - The page.
 * @returns How many times it was revoked so far.
 */
export function revocationMark(origin: string): number {
  return revocations.get(origin) ?? 0;
}

/**
 * Whether a request may see an account: MetaMask's own requests see every account, a
 * page only what the user gave it, or the account MetaMask routed the request to.
 *
 * @param ctx - Request context.
 * @param state - The state, read now.
 * @param address - The account.
 * @returns True when the request may use it.
 */
function maySee(
  ctx: AccessContext,
  state: SnapState,
  address: string,
): boolean {
  return (
    ctx.origin === USER_ORIGIN ||
    ctx.routed === address ||
    isGranted(state, ctx.origin, ctx.network.chainId, address)
  );
}

/**
 * Whether a request may see an account, read now (see maySee): for handlers that
 * answer about any address and must answer for an ungranted one as for a stranger's.
 *
 * @param ctx - Request context.
 * @param address - The account.
 * @returns True when the request may use it.
 */
export async function maySeeAccount(
  ctx: AccessContext,
  address: string,
): Promise<boolean> {
  return maySee(ctx, await ctx.store.read(), address);
}

/**
 * Refuses (4100) a page's question about an account it was not given, before anything
 * about the account is read, derived or asked of the node: the answer is the same for
 * an account of the wallet and a stranger's. Checked again once a dialog closed, so a
 * revoke made meanwhile wins.
 *
 * @param ctx - Request context.
 * @param address - The account asked about.
 * @param field - The param naming it.
 * @throws AccountNotGranted when the page may not see it.
 */
export async function requireGranted(
  ctx: AccessContext,
  address: string,
  field: string,
): Promise<void> {
  if (!maySee(ctx, await ctx.store.read(), address)) {
    throw new AccountNotGranted(field, ctx.network.name);
  }
}

/**
 * Refuses (4100) a page's question about the account at an index unless the page was
 * given that index's account: looked up among stored accounts only, so nothing is
 * derived and the answer is the same for every index the page does not hold.
 *
 * @param ctx - Request context.
 * @param index - The index asked about.
 * @param field - The param naming it.
 * @throws AccountNotGranted when the page was not given it.
 */
export async function requireGrantedIndex(
  ctx: AccessContext,
  index: number,
  field: string,
): Promise<void> {
  const state = await ctx.store.read();
  const held = (state.accounts[ctx.network.chainId] ?? []).some(
    (account) =>
      account.addressIndex === index &&
      account.cairoVersion === '1' &&
      maySee(ctx, state, account.address),
  );
  if (ctx.origin !== USER_ORIGIN && !held) {
    throw new AccountNotGranted(field, ctx.network.name);
  }
}

/** Params that name an account: each field checked by {@link requireGrantedParams}. */
export type AccountFields = {
  /** Fields holding an address. */
  addresses?: readonly string[];
  /** A field holding an account index. */
  index?: string;
};

/**
 * The first check of every method naming an account: each named account (or index)
 * must have been given to the page, else 4100 before anything else is done.
 *
 * @param ctx - Request context.
 * @param params - The checked params.
 * @param fields - Which params name accounts.
 * @throws AccountNotGranted for the first one the page was not given.
 */
export async function requireGrantedParams(
  ctx: AccessContext,
  params: unknown,
  fields: AccountFields,
): Promise<void> {
  if (ctx.origin === USER_ORIGIN || !isObject(params)) {
    return;
  }
  for (const field of fields.addresses ?? []) {
    const value = params[field];
    if (typeof value === 'string') {
      await requireGranted(ctx, value, field);
    }
  }
  const index = fields.index === undefined ? undefined : params[fields.index];
  if (fields.index !== undefined && typeof index === 'number') {
    await requireGrantedIndex(ctx, index, fields.index);
  }
}

/**
 * After the user approved a dialog naming the page and the account (connect, switch,
 * create, recover): stores the account when it is new and gives it to the page, in
 * one state write. Nothing is given when the user revoked the page while the dialog
 * was open.
 *
 * @param ctx - Request context.
 * @param records - The accounts, the page's new current account first when `asCurrent`.
 * @param options - How to grant.
 * @param options.asCurrent - Whether the first becomes the page's current account.
 * @param options.mark - {@link revocationMark} taken before the dialog was shown.
 * @param options.field - The param that asked for them, named in errors.
 * @returns The network's stored accounts.
 * @throws AccountNotGranted when the page was revoked meanwhile.
 */
export async function grantApproved(
  ctx: AccessContext,
  records: readonly AccountRecord[],
  options: { asCurrent: boolean; mark: number; field: string },
): Promise<AccountRecord[]> {
  const { chainId } = ctx.network;
  return ctx.store.update((state) => {
    if (revocationMark(ctx.origin) !== options.mark) {
      throw new AccountNotGranted(options.field, ctx.network.name);
    }
    const stored = storeAccounts(state, ctx.network, records, options.field);
    if (ctx.origin !== USER_ORIGIN) {
      records.forEach((record, at) => {
        const current = options.asCurrent && at === 0;
        grant(state, ctx.origin, chainId, record.address, current);
      });
    }
    return stored;
  });
}

/**
 * Refuses a page's account index far past the accounts the wallet knows: such an
 * account would never be found by a recovery scan from 0. The error does not state
 * the wallet's highest index.
 *
 * @param ctx - Request context.
 * @param index - The requested index.
 * @throws InvalidField (-32602) naming `addressIndex`.
 */
export async function requireNearIndex(
  ctx: AccessContext,
  index: number,
): Promise<void> {
  if (ctx.origin === USER_ORIGIN) {
    return;
  }
  const stored = (await ctx.store.read()).accounts[ctx.network.chainId] ?? [];
  const highest = Math.max(-1, ...stored.map((item) => item.addressIndex));
  if (index > highest + MAX_INDEX_GAP) {
    throw new InvalidField(
      'addressIndex',
      `${index} is more than ${MAX_INDEX_GAP} past the accounts of this wallet on ${ctx.network.name}; a recovery scan would never find it. Use the next index (leave addressIndex out).`,
    );
  }
}
