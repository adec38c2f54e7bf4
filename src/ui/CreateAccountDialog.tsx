import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Row, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { Translate } from './i18n';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  /** The index of the account the page asks for. */
  index: number;
  /** Whether the page also asks to deploy it (a fee dialog follows). */
  deploy: boolean;
};

/**
 * Asks the user before a page is given the account at an index (created if new): a
 * page never stores or learns an account without the user, whoever else holds that
 * index.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The page.
 * @param props.network - The network.
 * @param props.index - The account index.
 * @param props.deploy - Whether a deployment was asked for too.
 * @returns The dialog content.
 */
export const CreateAccountDialog = ({
  translate,
  origin,
  network,
  index,
  deploy,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('createAccount.title')}</Heading>
    <Text>
      {translate('createAccount.body', { origin, index: String(index) })}
    </Text>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
    <Row label={translate('common.account')}>
      <Text>{`#${index}`}</Text>
    </Row>
    {deploy ? <Text>{translate('createAccount.deployNext')}</Text> : null}
  </Box>
);
