import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Text, Tooltip } from '@metamask/snaps-sdk/jsx';

import { shorten } from './format';

type Props = { value: string };

/**
 * A value shown in full, except a long hex value (address, hash), shortened with the
 * whole value in a tooltip so the user can still read all of it. Decimal numbers are
 * never shortened (format.ts `shorten`).
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
    <Tooltip content={<Text>{value}</Text>}>
      <Text>{short}</Text>
    </Tooltip>
  );
};
