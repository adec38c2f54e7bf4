import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import { formatUnits } from '../api/units';
import type { VerifiedPaymasterSend } from '../starknet/paymaster/verify';
import { shorten } from './format';
import type { Translate } from './i18n';

/** The fee of a paymaster send, as shown: amounts with the token's symbol. */
export type PaymasterFeeView = {
  /** The token's symbol from the user's list, else its address marked unverified. */
  token: string;
  /** The paymaster's estimate, e.g. `0.001921 USDC`. */
  estimatedFee: string;
  /** The signed fee transfer: the most the send can cost. */
  maxFee: string;
  /** The paymaster's host. */
  host: string;
  /** The outside execution's nonce and end of validity (Unix seconds), as signed. */
  nonce: string;
  executeBefore: string;
};

/**
 * What the fee section shows: amounts in the token's units (all digits) with its
 * symbol from the user's list (network defaults and watch list), else its short
 * address marked unverified: a token's own `symbol()` never names it here.
 *
 * @param token - Fee token address and decimals (from the paymaster's list).
 * @param token.address - Its address.
 * @param token.decimals - Its decimals.
 * @param listed - The user's tokens.
 * @param verified - The checked paymaster transaction.
 * @param host - The paymaster's host.
 * @param translate - Translator.
 * @returns What the section shows.
 */
export function paymasterFeeView(
  token: { address: string; decimals: number },
  listed: readonly {
    address: string;
    symbol: string;
    decimals: number;
    addedBy?: string;
  }[],
  verified: VerifiedPaymasterSend,
  host: string,
  translate: Translate,
): PaymasterFeeView {
  const known = listed.find(
    (item) => BigInt(item.address) === BigInt(token.address),
  );
  const decimals = known?.decimals ?? token.decimals;
  // Only the snap's own list names a token; a page-added one is unverified.
  const label =
    (known?.addedBy === undefined ? known?.symbol : undefined) ??
    translate('paymaster.unverified', { address: shorten(token.address) });
  const amount = (value: bigint): string =>
    `${formatUnits(value, decimals)} ${label}`;
  return {
    token: label,
    estimatedFee: amount(verified.estimatedFee),
    maxFee: amount(verified.maxFee),
    host,
    nonce: verified.outside.nonce,
    executeBefore: verified.outside.executeBefore.toString(),
  };
}

/**
 * The fee section of a paymaster send (the review dialog's fee slot): the token, the
 * paymaster's estimate and the maximum the signed transfer allows, the paymaster's
 * host, and the nonce and validity end the typed data signs. No STRK row: the user
 * pays none.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.fee - The fee as shown.
 * @returns The section.
 */
export const PaymasterFee = ({
  translate,
  fee,
}: {
  translate: Translate;
  fee: PaymasterFeeView;
}): JSXElement => (
  <Section>
    <Row label={translate('paymaster.feeToken')}>
      <Text>{fee.token}</Text>
    </Row>
    <Row label={translate('common.estimatedFee')}>
      <Text>{fee.estimatedFee}</Text>
    </Row>
    <Row label={translate('common.maxFee')}>
      <Text>{fee.maxFee}</Text>
    </Row>
    <Row label={translate('paymaster.host')}>
      <Text>{fee.host}</Text>
    </Row>
    <Row label={translate('paymaster.nonce')}>
      <Text>{fee.nonce}</Text>
    </Row>
    <Row label={translate('paymaster.validUntil')}>
      <Text>{fee.executeBefore}</Text>
    </Row>
    <Text>
      {translate('paymaster.note', { host: fee.host, token: fee.token })}
    </Text>
  </Section>
);
