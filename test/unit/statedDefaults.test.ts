/**
 * What the snap sends MetaMask to show (so it renders what the snap means): every
 * element keyed and the
 * props whose default is known spelled out, nothing else changed. MetaMask's own
 * content check (snaps-sdk's `ComponentOrElementStruct`, with coercion as
 * `snap_dialog` runs it) must accept the content unchanged and build far fewer failed
 * checks, which are what made a signing dialog slow to open.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ComponentOrElementStruct } from '@metamask/snaps-sdk';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Banner,
  Box,
  Row,
  Section,
  Text,
  isJSXElementUnsafe,
} from '@metamask/snaps-sdk/jsx';
import { Struct, create } from '@metamask/superstruct';

import { NETWORKS, SEPOLIA_CHAIN_ID } from '../../src/starknet/node/networks';
import { describeTypedData } from '../../src/ui/describeTypedData';
import { translator } from '../../src/ui/i18n';
import { SignMessageDialog } from '../../src/ui/SignMessageDialog';
import { withStatedDefaults } from '../../src/ui/statedDefaults';
import { MAIL_REV1 } from '../fixtures/typedData';

/** The props the snap may add, per element type, and their values. */
const ADDED: Record<string, Record<string, string>> = {
  Box: { direction: 'vertical', alignment: 'start' },
  Section: { direction: 'vertical', alignment: 'start' },
  Heading: { size: 'sm' },
  Text: {
    color: 'default',
    alignment: 'start',
    fontWeight: 'regular',
    size: 'md',
  },
  Row: { variant: 'default' },
};

const network = NETWORKS[SEPOLIA_CHAIN_ID];

/**
 * The signing dialog of a SNIP-12 Mail message, as signMessage builds it.
 *
 * @returns The dialog.
 */
function mailDialog(): JSXElement {
  const shown = describeTypedData(MAIL_REV1);
  if (!network) {
    throw new Error('Sepolia is served');
  }
  return SignMessageDialog({
    translate: translator('en'),
    origin: 'https://dapp.example',
    network,
    signer: `0x${'12'.repeat(32)}`,
    primaryType: 'Mail',
    domain: shown.domain,
    message: shown.message,
  });
}

/**
 * Walks the original and the stated content side by side and lists what differs
 * beyond an added key or an added prop of {@link ADDED}.
 *
 * @param before - Original value.
 * @param after - Sent value.
 * @param path - Where in the tree.
 * @param out - The differences found.
 * @returns The differences.
 */
function differences(
  before: unknown,
  after: unknown,
  path = 'root',
  out: string[] = [],
): string[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    before.forEach((item, index) =>
      differences(item, after[index], `${path}.${index}`, out),
    );
    if (before.length !== after.length) {
      out.push(`${path}: length`);
    }
    return out;
  }
  if (!isJSXElementUnsafe(before) || !isJSXElementUnsafe(after)) {
    if (before !== after) {
      out.push(`${path}: ${String(before)} → ${String(after)}`);
    }
    return out;
  }
  if (before.type !== after.type || typeof after.key !== 'string') {
    out.push(`${path}: type or key`);
  }
  const original: Record<string, unknown> = before.props;
  for (const [name, value] of Object.entries(after.props)) {
    if (name in original) {
      differences(original[name], value, `${path}.${name}`, out);
    } else if (ADDED[after.type]?.[name] !== value) {
      out.push(`${path}: added ${after.type}.${name}=${String(value)}`);
    }
  }
  for (const name of Object.keys(original)) {
    if (!(name in after.props)) {
      out.push(`${path}: lost ${name}`);
    }
  }
  return out;
}

/**
 * Checks content as `snap_dialog` does and counts the failed checks it built.
 *
 * @param content - Dialog content.
 * @returns The failed checks and the checked value.
 */
function check(content: JSXElement): { failed: number; checked: unknown } {
  const validate = jest.spyOn(Struct.prototype, 'validate');
  const checked = create(content, ComponentOrElementStruct);
  const failed = validate.mock.results.filter(
    (result) => Array.isArray(result.value) && result.value[0] !== undefined,
  ).length;
  validate.mockRestore();
  return { failed, checked };
}

describe('withStatedDefaults', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('only adds keys and known defaults, and MetaMask accepts it as sent', () => {
    const dialog = mailDialog();
    const sent = withStatedDefaults(dialog);
    expect(differences(dialog, sent)).toStrictEqual([]);
    expect(check(sent).checked).toStrictEqual(sent);
  });

  it('cuts the failed checks of the signing dialog by more than five times', () => {
    const dialog = mailDialog();
    const before = check(dialog).failed;
    const after = check(withStatedDefaults(dialog)).failed;
    // 570 → 67 when written; the bound leaves room for a dialog that grows a little.
    expect(before).toBeGreaterThan(400);
    expect(after).toBeLessThan(before / 5);
  });

  it('keeps what is set, and leaves a Text inheriting from a Banner or a warning Row alone', () => {
    const sent = withStatedDefaults(
      Box({
        children: [
          Banner({
            title: 'Danger',
            severity: 'danger',
            children: Text({ children: 'inherits the banner' }),
          }),
          Row({
            label: 'Fee',
            variant: 'warning',
            children: Text({ children: 'inherits the row' }),
          }),
          Section({
            children: Text({ color: 'error', key: 'mine', children: 'set' }),
          }),
        ],
      }),
    );
    const children = (element: JSXElement | undefined): unknown =>
      element && 'children' in element.props
        ? element.props.children
        : undefined;
    const [banner, row, section] = children(sent) as JSXElement[];
    const text = (element: JSXElement | undefined): JSXElement =>
      children(element) as JSXElement;
    expect(text(banner).props).toStrictEqual({
      children: 'inherits the banner',
    });
    expect(text(row).props).toStrictEqual({ children: 'inherits the row' });
    expect(row?.props).toMatchObject({ variant: 'warning' });
    expect(text(section)).toMatchObject({
      key: 'mine',
      props: { color: 'error', alignment: 'start', size: 'md' },
    });
  });
});
