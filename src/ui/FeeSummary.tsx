import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

type Props = {
  translate: Translate;
  /** The node's estimate, with its unit; omitted when the dapp set the bounds. */
  estimatedFee?: string;
  /** The most the signature allows, with its unit. */
  maxFee: string;
  /** The nonce signed, when the dialog shows it. */
  nonce?: string;
  /**
   * The tip signed (per L2 gas unit) and the most it adds to the fee (tip × L2 gas
   * maximum amount), when the send tips.
   */
  tip?: { perGas: string; adds: string } | undefined;
};

/**
 * What a transaction may cost (and the nonce it commits to): the same rows in every
 * signing and sending dialog.
 *
 * @param props - Fee facts.
 * @param props.translate - Translator.
 * @param props.estimatedFee - Estimated fee with its unit.
 * @param props.maxFee - Maximum fee with its unit.
 * @param props.nonce - The nonce signed.
 * @param props.tip - The tip and what it can add.
 * @returns The section.
 */
export const FeeSummary = ({
  translate,
  estimatedFee,
  maxFee,
  nonce,
  tip,
}: Props): JSXElement => (
  <Section>
    {estimatedFee === undefined ? null : (
      <Row label={translate('common.estimatedFee')}>
        <Text>{estimatedFee}</Text>
      </Row>
    )}
    <Row label={translate('common.maxFee')}>
      <Text>{maxFee}</Text>
    </Row>
    {tip === undefined ? null : (
      <Row label={translate('common.tip')}>
        <Text>{translate('common.tipValue', tip)}</Text>
      </Row>
    )}
    {nonce === undefined ? null : (
      <Row label={translate('common.nonce')}>
        <Text>{nonce}</Text>
      </Row>
    )}
  </Section>
);

/**
 * The danger of a send whose account cannot pay its maximum fee in STRK: the node
 * refuses it (blockifier's `verify_can_pay_committed_bounds`), and the simulation the
 * snap asks for skips that check when it skips the fee charge, so the snap says it.
 *
 * @param props - Amounts.
 * @param props.translate - Translator.
 * @param props.balance - The STRK balance with its unit.
 * @param props.maxFee - The maximum fee with its unit.
 * @returns The banner.
 */
export const StrkBelowMaxFee = ({
  translate,
  balance,
  maxFee,
}: {
  translate: Translate;
  balance: string;
  maxFee: string;
}): JSXElement => (
  <Banner title={translate('executeTxn.strkBelowMax.title')} severity="danger">
    <Text>
      {translate('executeTxn.strkBelowMax.body', { balance, maxFee })}
    </Text>
  </Banner>
);
