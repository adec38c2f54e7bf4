import { AccountNotGranted, InvalidField } from '../errors';
import { confirmAccount, grant, isGranted } from '../state/grants';
import type { AccountRecord } from '../state/types';
import type { RpcContext } from './context';
import { USER_ORIGIN } from './context';

export { USER_ORIGIN } from './context';

/** How far past the highest index a page may create an account: a scan stops there. */
export const MAX_INDEX_GAP = 20;

/** What checking or granting a page's access needs of a request. */
export type AccessContext = Pick<RpcContext, 'origin' | 'network' | 'store'>;

/**
 * Refuses (4100) a page's question about an account it was not given, before anything
 * about the account is read or derived. MetaMask's own requests see every account.
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
  if (
    ctx.origin !== USER_ORIGIN &&
    !isGranted(await ctx.store.read(), ctx.origin, ctx.network.chainId, address)
  ) {
    throw new AccountNotGranted(field, ctx.network.name);
  }
}

/**
 * After the user approved a dialog the page asked for about an account (signing,
 * deploying, switching, connecting): the page may see it from now on, and the
 * account is the user's (counted, may become current).
 *
 * @param ctx - Request context.
 * @param record - The account.
 * @param asCurrent - Whether it becomes the page's current account.
 */
export async function grantApproved(
  ctx: AccessContext,
  record: AccountRecord,
  asCurrent = false,
): Promise<void> {
  await ctx.store.update((state) => {
    grant(state, ctx.origin, ctx.network.chainId, record.address, asCurrent);
    confirmAccount(state, ctx.network.chainId, record.address);
  });
}

/**
 * Refuses a page's account index far past the accounts the wallet knows: such an
 * account would never be found by a recovery scan from 0.
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
      `${index} is more than ${MAX_INDEX_GAP} past the highest account index of this wallet on ${ctx.network.name} (${highest}); a recovery scan would never find it. Use the next index (leave addressIndex out).`,
    );
  }
}
