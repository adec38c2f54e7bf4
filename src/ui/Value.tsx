import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Text, Tooltip } from '@metamask/snaps-sdk/jsx';

import { grouped, shorten } from './format';

type Props = {
  value: string;
  /** Shown after the value when it is the signing account (e.g. "your account"). */
  own?: { account: string; note: string } | undefined;
  /** Show the value whole, digits grouped (raw calldata): never cut. */
  whole?: boolean;
};

const NUMBER = /^(?:0x[0-9a-f]+|[0-9]+)$/iu;

/**
 * Whether a shown value is the signing account: the same felt, in hex or decimal.
 *
 * @param value - The value.
 * @param account - The signing account.
 * @returns Whether they are one number.
 */
export function isAccount(value: string, account: string): boolean {
  return NUMBER.test(value) && BigInt(value) === BigInt(account);
}

/**
 * A value shown in full, except a long hex value (address, hash), shortened with the
 * whole value in a tooltip so the user can still read all of it. Decimal numbers are
 * never shortened (format.ts `shorten`), nor any value shown `whole` (raw calldata,
 * where `0x…000f4240` and `0x…38e00000` must not look alike): those are grouped. The
 * signing account carries its note ("your account") wherever it appears. The tooltip
 * holds the bare text, not a Text element: one element less for MetaMask to check
 * (see `statedDefaults.ts`).
 *
 * @param props - The value.
 * @param props.value - Text to show.
 * @param props.own - The signing account and its note.
 * @param props.whole - Never shorten.
 * @returns The element.
 */
export const Value = ({ value, own, whole = false }: Props): JSXElement => {
  const short = whole ? grouped(value) : shorten(value);
  const note = own && isAccount(value, own.account) ? ` (${own.note})` : '';
  if (short === value || whole) {
    return <Text>{`${short}${note}`}</Text>;
  }
  return (
    <Tooltip content={value}>
      <Text>{`${short}${note}`}</Text>
    </Tooltip>
  );
};
