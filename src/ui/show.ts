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

/**
 * Shows a confirmation dialog holding one picker and returns what the user picked
 * when approving (the interface's state, read once the dialog closed).
 *
 * @param content - The dialog body, with an input named `field`.
 * @param field - The input's name.
 * @returns The picked value, or undefined when the user declined.
 */
export async function confirmChoice(
  content: JSXElement,
  field: string,
): Promise<string | undefined> {
  const id = await snap.request({
    method: 'snap_createInterface',
    params: { ui: withStatedDefaults(content) },
  });
  const answer = await snap.request({
    method: 'snap_dialog',
    params: { type: 'confirmation', id },
  });
  if (answer !== true) {
    return undefined;
  }
  const state = await snap.request({
    method: 'snap_getInterfaceState',
    params: { id },
  });
  const value = state[field];
  return typeof value === 'string' ? value : undefined;
}
