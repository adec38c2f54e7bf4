import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Copyable, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { Translate } from './i18n';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  account: string;
};

/**
 * Who asks, on which network, for which account: the facts every signing dialog
 * starts with.
 *
 * @param props - Request facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.account - The account that would sign.
 * @returns The section.
 */
export const RequestSummary = ({
  translate,
  origin,
  network,
  account,
}: Props): JSXElement => (
  <Section>
    <Row label={translate('common.origin')}>
      <Text>{origin}</Text>
    </Row>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
    <Text>{translate('common.account')}</Text>
    <Copyable value={account} />
  </Section>
);
