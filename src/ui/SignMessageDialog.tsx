import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { TypedDataNode } from './describeTypedData';
import type { Translate } from './i18n';
import { RequestSummary } from './RequestSummary';
import { typedDataRows } from './TypedDataView';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  signer: string;
  primaryType: string;
  domain: TypedDataNode[];
  message: TypedDataNode[];
};

/**
 * Confirmation before signing SNIP-12 typed data: origin, signer, network, the
 * domain, the primary type and the message, every value as it is hashed.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The signing network.
 * @param props.signer - The signing account.
 * @param props.primaryType - The message's type.
 * @param props.domain - The domain's values as hashed.
 * @param props.message - The message's values as hashed.
 * @returns The dialog content.
 */
export const SignMessageDialog = ({
  translate,
  origin,
  network,
  signer,
  primaryType,
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
      {typedDataRows(domain, translate)}
    </Section>
    <Section>
      <Text fontWeight="bold">{translate('common.message')}</Text>
      <Row label={translate('signMessage.primaryType')}>
        <Text>{primaryType}</Text>
      </Row>
      {typedDataRows(message, translate, signer)}
    </Section>
  </Box>
);
