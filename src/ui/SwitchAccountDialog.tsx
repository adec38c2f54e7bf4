import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Row, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { Translate } from './i18n';
import { Value } from './Value';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  /** The current account's address; undefined when the wallet has none yet. */
  from: string | undefined;
  to: string;
};

/**
 * Asks the user to confirm a change of current account, naming both accounts: the
 * current account is the one the wallet API shows to every dapp, so a dapp must not
 * change it silently.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network whose current account changes.
 * @param props.from - The current account.
 * @param props.to - The requested account.
 * @returns The dialog content.
 */
export const SwitchAccountDialog = ({
  translate,
  origin,
  network,
  from,
  to,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('switchAccount.title')}</Heading>
    <Text>{translate('switchAccount.body', { origin })}</Text>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
    {from ? (
      <Row label={translate('common.from')}>
        <Value value={from} />
      </Row>
    ) : null}
    <Row label={translate('common.to')}>
      <Value value={to} />
    </Row>
  </Box>
);
