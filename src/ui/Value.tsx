import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Text, Tooltip } from '@metamask/snaps-sdk/jsx';

import { shorten } from './format';

type Props = { value: string };

/**
 * A value shown in full, except a long hex value (address, hash), shortened with the
 * whole value in a tooltip so the user can still read all of it. Decimal numbers are
 * never shortened (format.ts `shorten`). The tooltip holds the bare text, not a Text
 * element: one element less for MetaMask to check (see `statedDefaults.ts`).
 *
 * @param props - The value.
 * @param props.value - Text to show.
 * @returns The element.
 */
export const Value = ({ value }: Props): JSXElement => {
  const short = shorten(value);
  if (short === value) {
    return <Text>{value}</Text>;
  }
  return (
    <Tooltip content={value}>
      <Text>{short}</Text>
    </Tooltip>
  );
};
