import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/networks';
import type { Translate } from './i18n';
import { RequestSummary } from './RequestSummary';
import { TypedDataView } from './TypedDataView';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  signer: string;
  domain: { name: string; version: string; chainId: string };
  message: unknown;
};

/**
 * Confirmation before signing SNIP-12 typed data: origin, signer, network, the
 * domain, and the message as readable fields.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The signing network.
 * @param props.signer - The signing account.
 * @param props.domain - Domain name, version and chain id, readable.
 * @param props.message - The typed-data message.
 * @returns The dialog content.
 */
export const SignMessageDialog = ({
  translate,
  origin,
  network,
  signer,
  domain,
  message,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('signMessage.title')}</Heading>
    <Text>{translate('signMessage.body', { origin })}</Text>
    <RequestSummary
      translate={translate}
      origin={origin}
      network={network}
      account={signer}
    />
    <Section>
      <Text fontWeight="bold">{translate('common.domain')}</Text>
      <Row label={translate('signMessage.domainName')}>
        <Text>{domain.name}</Text>
      </Row>
      <Row label={translate('signMessage.domainVersion')}>
        <Text>{domain.version}</Text>
      </Row>
      <Row label={translate('signMessage.domainChainId')}>
        <Text>{domain.chainId}</Text>
      </Row>
    </Section>
    <Section>
      <Text fontWeight="bold">{translate('common.message')}</Text>
      <TypedDataView value={message} />
    </Section>
  </Box>
);
