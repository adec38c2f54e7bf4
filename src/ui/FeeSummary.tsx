import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

type Props = { translate: Translate; maxFee: string; nonce: string };

/**
 * The fee bound and nonce a transaction signature commits to.
 *
 * @param props - Fee facts.
 * @param props.translate - Translator.
 * @param props.maxFee - Maximum fee with its unit.
 * @param props.nonce - The nonce signed.
 * @returns The section.
 */
export const FeeSummary = ({ translate, maxFee, nonce }: Props): JSXElement => (
  <Section>
    <Row label={translate('common.maxFee')}>
      <Text>{maxFee}</Text>
    </Row>
    <Row label={translate('common.nonce')}>
      <Text>{nonce}</Text>
    </Row>
  </Section>
);
