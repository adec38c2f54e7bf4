/* eslint-disable no-restricted-globals -- a browser page: the DOM is what it works with. */
import {
  InvalidParamsError,
  isNodeError,
  isSnapnetError,
} from '../src/client/snap';

/**
 * DOM helpers of the demo page: typed element lookup, button wiring that shows errors
 * the way a dapp should (class, code, wallet code, field), and list rendering.
 */

/**
 * An element of the page by id, of the expected kind.
 *
 * @param id - The element id.
 * @param kind - Its constructor, e.g. HTMLButtonElement.
 * @returns The element.
 */
export function byId<Kind extends HTMLElement>(
  id: string,
  kind: new () => Kind,
): Kind {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) {
    throw new Error(`demo page: #${id} is missing`);
  }
  return element;
}

/**
 * A line describing any error, with what the snap client keeps of it.
 *
 * @param error - What was thrown.
 * @returns E.g. `UserRejectedError (4001, wallet code 113): User rejected the request.`
 */
export function describeError(error: unknown): string {
  if (!isSnapnetError(error)) {
    return error instanceof Error ? error.message : String(error);
  }
  const details = [String(error.code)];
  if (error.walletCode !== undefined) {
    details.push(`wallet code ${error.walletCode}`);
  }
  if (error instanceof InvalidParamsError && error.field) {
    details.push(`field ${error.field}`);
  }
  if (isNodeError(error) && error.nodeCode !== undefined) {
    details.push(`node code ${error.nodeCode}`);
  }
  return `${error.name} (${details.join(', ')}): ${error.message}`;
}

/**
 * Runs a button's action with the button disabled meanwhile, showing any error in the
 * page's error box instead of the console.
 *
 * @param id - The button id.
 * @param action - What it does.
 */
export function onClick(id: string, action: () => Promise<void>): void {
  const button = byId(id, HTMLButtonElement);
  button.addEventListener('click', () => {
    const errorBox = byId('error', HTMLDivElement);
    errorBox.textContent = '';
    button.disabled = true;
    action()
      .catch((error: unknown) => {
        errorBox.textContent = describeError(error);
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}

/**
 * Replaces a list's items.
 *
 * @param id - The list id.
 * @param items - Text of each item, and optionally what clicking it does and whether it
 * is highlighted.
 */
export function renderList(
  id: string,
  items: { text: string; onSelect?: () => void; selected?: boolean }[],
): void {
  const list = byId(id, HTMLUListElement);
  list.replaceChildren(
    ...items.map(({ text, onSelect, selected }) => {
      const item = document.createElement('li');
      item.textContent = text;
      if (selected) {
        item.className = 'selected';
      }
      if (onSelect) {
        item.style.cursor = 'pointer';
        item.addEventListener('click', onSelect);
      }
      return item;
    }),
  );
}

/**
 * Sets an element's text.
 *
 * @param id - The element id.
 * @param text - The text.
 */
export function show(id: string, text: string): void {
  byId(id, HTMLElement).textContent = text;
}
