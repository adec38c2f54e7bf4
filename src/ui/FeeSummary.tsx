import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

type Props = {
  translate: Translate;
  /** The node's estimate, with its unit; omitted when the dapp set the bounds. */
  estimatedFee?: string;
  /** The most the signature allows, with its unit. */
  maxFee: string;
  /** The nonce signed, when the dialog shows it. */
  nonce?: string;
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
 * @returns The section.
 */
export const FeeSummary = ({
  translate,
  estimatedFee,
  maxFee,
  nonce,
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
    {nonce === undefined ? null : (
      <Row label={translate('common.nonce')}>
        <Text>{nonce}</Text>
      </Row>
    )}
  </Section>
);
