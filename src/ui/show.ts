import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { withStatedDefaults } from './statedDefaults';

/**
 * Shows a confirmation dialog and waits for the user's answer. Dialog components stay
 * pure (props in, JSX out); this is the only place UI talks to the wallet, and where
 * the content gets its keys and stated defaults (`withStatedDefaults`).
 *
 * @param content - The dialog body.
 * @returns True when the user approved.
 */
export async function confirm(content: JSXElement): Promise<boolean> {
  const answer = await snap.request({
    method: 'snap_dialog',
    params: { type: 'confirmation', content: withStatedDefaults(content) },
  });
  return answer === true;
}

/**
 * Shows an alert dialog and waits until the user closes it.
 *
 * @param content - The dialog body.
 */
export async function alert(content: JSXElement): Promise<void> {
  await snap.request({
    method: 'snap_dialog',
    params: { type: 'alert', content: withStatedDefaults(content) },
  });
}
