import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

type Props = {
  translate: Translate;
  origin: string;
  mode: 'speedUp' | 'cancel';
  sender: string;
  /** The pending send replaced. */
  txnHash: string;
  nonce: string;
  /** Tips per L2 gas unit, old and new. */
  tips: { old: string; new: string };
  /** Maximum fees with unit, old and new. */
  maxFees: { old: string; new: string };
};

/**
 * Confirmation before replacing a pending send at its nonce: what the replacement does
 * (the same calls, or the snap's cancel: a transfer of 0 STRK to the account itself,
 * said plainly since a page may not otherwise have a call to its own account signed),
 * and the old and new tip and maximum fee.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - Who asked.
 * @param props.mode - Speed up or cancel.
 * @param props.sender - The account.
 * @param props.txnHash - The send replaced.
 * @param props.nonce - The nonce both share.
 * @param props.tips - Old and new tip.
 * @param props.maxFees - Old and new maximum fee.
 * @returns The dialog content.
 */
export const ReplaceDialog = ({
  translate,
  origin,
  mode,
  sender,
  txnHash,
  nonce,
  tips,
  maxFees,
}: Props): JSXElement => (
  <Box>
    <Heading>
      {translate(mode === 'cancel' ? 'replace.cancelTitle' : 'replace.title')}
    </Heading>
    <Text>{translate('replace.body', { origin, txnHash })}</Text>
    <Text>
      {translate(
        mode === 'cancel' ? 'replace.cancelCall' : 'replace.sameCalls',
      )}
    </Text>
    <Section>
      <Row label={translate('common.account')}>
        <Text>{sender}</Text>
      </Row>
      <Row label={translate('common.nonce')}>
        <Text>{nonce}</Text>
      </Row>
      <Row label={translate('replace.tip')}>
        <Text>{translate('replace.change', tips)}</Text>
      </Row>
      <Row label={translate('common.maxFee')}>
        <Text>{translate('replace.change', maxFees)}</Text>
      </Row>
    </Section>
  </Box>
);
