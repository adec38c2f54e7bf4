/**
 * The lock checks of the state store (store.ts): whether MetaMask is locked before the
 * store answers from what it kept in memory. Apart from the store because they ask the
 * wallet for its status, not for the state.
 */

/**
 * Whether MetaMask is locked, when the snap is about to answer from memory: MetaMask
 * does not stop the snap when it locks (snaps-controllers' SnapController `#handleLock`
 * drops only its own cache of decrypted state), so a state kept here would outlive the
 * lock. A client that cannot say counts as locked: the read then goes to MetaMask,
 * which asks for the password if it is. Exported for createStore (store.ts): its base
 * store asks before each read.
 *
 * @returns Whether it is locked.
 */
export async function isLocked(): Promise<boolean> {
  try {
    const status = await snap.request({
      method: 'snap_getClientStatus',
    });
    return status.locked;
  } catch {
    return true;
  }
}

/**
 * A lock check for one request: asks {@link isLocked} until MetaMask answers unlocked,
 * then takes that answer for the rest of the request: what a lock guards is the state
 * between requests, and within one the user has just been found unlocked (a request
 * that waits on a dialog goes on only once the user answers it, in an unlocked
 * MetaMask). The base store, shared by every request, asks before each read. Exported
 * for the store's `forRequest()` (store.ts).
 *
 * @returns The check.
 */
export function lockedOnce(): () => Promise<boolean> {
  const seen = { unlocked: false };
  return async () => {
    if (seen.unlocked) {
      return false;
    }
    const locked = await isLocked();
    seen.unlocked ||= !locked;
    return locked;
  };
}
