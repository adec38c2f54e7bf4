import type { JSXElement } from '@metamask/snaps-sdk/jsx';

/**
 * Props set to their documented default (snaps-sdk's component docs) where that
 * default is also the first value MetaMask's own check lists for the prop, so stating
 * it changes nothing on screen and costs the check nothing.
 */
const DOCUMENTED_DEFAULTS: Readonly<Record<string, Record<string, string>>> = {
  Box: { direction: 'vertical', alignment: 'start' },
  Section: { direction: 'vertical', alignment: 'start' },
  Heading: { size: 'sm' },
};

/**
 * What MetaMask shows for a Text or a Row that sets none of these, when no ancestor
 * passes its own down: an absent Text colour, weight, alignment or size is inherited
 * from the parent (MetaMask's Text renderer), and a Row's variant colours its Text
 * (the mobile app). They are stated only under plain containers (see `PLAIN`), where
 * nothing is inherited, so the dialog looks the same.
 */
const PLAIN_DEFAULTS: Readonly<Record<string, Record<string, string>>> = {
  Text: {
    color: 'default',
    alignment: 'start',
    fontWeight: 'regular',
    size: 'md',
  },
  Row: { variant: 'default' },
};

/** Containers that pass nothing down to a Text (a Row only with the default variant). */
const PLAIN = new Set(['Box', 'Section', 'Row']);

/**
 * Whether a value is a JSX element: snaps-sdk's `isJSXElementUnsafe`, written here
 * because importing it brings snaps-sdk's JSX validation structs into the bundle
 * (+25 kB gzip, measured with `npm run size`).
 *
 * @param value - A prop's value.
 * @returns True for an element.
 */
function isElement(value: unknown): value is JSXElement {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'type' in value &&
    'props' in value &&
    'key' in value
  );
}

/**
 * A prop's value with its elements keyed and defaulted (see {@link withStatedDefaults}).
 *
 * @param value - The prop's value.
 * @param key - The key path of the prop's owner.
 * @param plain - Whether every ancestor is a plain container.
 * @returns The same value, elements replaced.
 */
function settle(value: unknown, key: string, plain: boolean): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) =>
      settle(item, `${key}.${index}`, plain),
    );
  }
  return isElement(value) ? stated(value, key, plain) : value;
}

/**
 * One element with its defaults stated, and its descendants.
 *
 * @param element - The element.
 * @param key - Its position.
 * @param plain - Whether every ancestor is a plain container.
 * @returns The element to send.
 */
function stated(element: JSXElement, key: string, plain: boolean): JSXElement {
  const props: Record<string, unknown> = {
    ...DOCUMENTED_DEFAULTS[element.type],
    ...(plain ? PLAIN_DEFAULTS[element.type] : undefined),
  };
  const given: Record<string, unknown> = element.props;
  const passesNothing =
    plain &&
    PLAIN.has(element.type) &&
    (given.variant ?? 'default') === 'default';
  for (const [name, value] of Object.entries(given)) {
    const at = name === 'children' ? key : `${key}.${name}`;
    props[name] = settle(value, at, passesNothing);
  }
  return { ...element, props, key: element.key ?? key } as JSXElement;
}

/**
 * The same dialog with every element keyed and the props above spelled out, so that
 * it renders the same and MetaMask checks it several times faster. MetaMask checks a
 * dialog's content with coercion (`snap_dialog`, snaps-rpc-methods), and for a prop
 * listed as a union of values (an element's `key`, a Text's `color`, a Box's
 * `alignment`, …) each value tried before the one that matches builds a failed check
 * with its error and stack, also when the prop is absent. A signing dialog of 50
 * elements built about 570 such errors: 25 ms of the user's wait in the snaps
 * simulation (profiled, docs/performance.md), more than the rest of a signature
 * beyond its floor.
 *
 * Keys are the element's position ("0.2.1", "0.3.content"), unique among siblings as
 * React wants them; a key already set is kept, and so is every prop already set.
 *
 * @param content - Dialog content.
 * @returns The content to send.
 */
export function withStatedDefaults(content: JSXElement): JSXElement {
  return stated(content, '0', true);
}
