import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Copyable, Heading, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { Translate } from './i18n';
import { RequestSummary } from './RequestSummary';

type ConfirmProps = {
  translate: Translate;
  origin: string;
  network: Network;
  account: string;
};

/**
 * Asks before revealing a private key, saying what revealing it means.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.account - The account whose key would be shown.
 * @returns The dialog content.
 */
export const RevealKeyConfirmation = ({
  translate,
  origin,
  network,
  account,
}: ConfirmProps): JSXElement => (
  <Box>
    <Heading>{translate('privateKey.title')}</Heading>
    <Banner title={translate('privateKey.title')} severity="warning">
      <Text>{translate('privateKey.body', { origin })}</Text>
    </Banner>
    <RequestSummary
      translate={translate}
      origin={origin}
      network={network}
      account={account}
    />
  </Box>
);

type AlertProps = { translate: Translate; privateKey: string };

/**
 * Shows the private key, inside the wallet only.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.privateKey - The key.
 * @returns The dialog content.
 */
export const PrivateKeyAlert = ({
  translate,
  privateKey,
}: AlertProps): JSXElement => (
  <Box>
    <Heading>{translate('privateKey.alertTitle')}</Heading>
    <Text>{translate('privateKey.alertBody')}</Text>
    <Copyable value={privateKey} sensitive={true} />
  </Box>
);
