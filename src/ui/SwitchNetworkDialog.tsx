import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Row, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { Translate } from './i18n';

type Props = {
  translate: Translate;
  origin: string;
  /** The current network, or the chain id of one the snap no longer serves. */
  from: Network | string;
  to: Network;
};

/**
 * Asks the user to confirm a network switch, naming both networks so a dapp cannot
 * quietly move the user's accounts to another chain.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.from - The current network (a chain id when the snap does not serve it).
 * @param props.to - The requested network.
 * @returns The dialog content.
 */
export const SwitchNetworkDialog = ({
  translate,
  origin,
  from,
  to,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('switchNetwork.title')}</Heading>
    <Text>{translate('switchNetwork.body', { origin })}</Text>
    <Row label={translate('common.from')}>
      <Text>
        {typeof from === 'string'
          ? translate('switchNetwork.unserved', { chainId: from })
          : from.name}
      </Text>
    </Row>
    <Row label={translate('common.to')}>
      <Text>{to.name}</Text>
    </Row>
    <Row label={translate('common.chainId')}>
      <Text>{to.chainId}</Text>
    </Row>
  </Box>
);
