import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Banner,
  Box,
  Button,
  Copyable,
  Heading,
  Row,
  Text,
} from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { Translate } from './i18n';
import { Value } from './Value';

/** Home page button that starts exporting the current account's private key. */
export const EXPORT_KEY_BUTTON = 'export-key';

/** Button of the export confirmation that reveals the key. */
export const EXPORT_KEY_CONFIRM_BUTTON = 'export-key-confirm';

/** Button that leaves the export (cancel, or done) and shows the home page again. */
export const EXPORT_KEY_CLOSE_BUTTON = 'export-key-close';

type ConfirmProps = { translate: Translate; network: Network; account: string };

/**
 * The home page's export confirmation: what revealing a key means, for which
 * account, and a click to go on. Shown in MetaMask only, never on a dapp's request.
 *
 * @param props - Page facts.
 * @param props.translate - Translator.
 * @param props.network - The current network.
 * @param props.account - The account whose key would be shown.
 * @returns The page content.
 */
export const KeyExportConfirmation = ({
  translate,
  network,
  account,
}: ConfirmProps): JSXElement => (
  <Box>
    <Heading>{translate('privateKey.title')}</Heading>
    <Banner title={translate('privateKey.title')} severity="warning">
      <Text>{translate('privateKey.exportBody')}</Text>
    </Banner>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
    <Row label={translate('home.account')}>
      <Value value={account} />
    </Row>
    <Button name={EXPORT_KEY_CONFIRM_BUTTON} variant="destructive">
      {translate('privateKey.exportConfirm')}
    </Button>
    <Button name={EXPORT_KEY_CLOSE_BUTTON}>{translate('common.cancel')}</Button>
  </Box>
);

type KeyProps = { translate: Translate; account: string; privateKey: string };

/**
 * The exported key, in the snap's own page, hidden until the user reveals it.
 *
 * @param props - Page facts.
 * @param props.translate - Translator.
 * @param props.account - The account.
 * @param props.privateKey - Its private key.
 * @returns The page content.
 */
export const ExportedKey = ({
  translate,
  account,
  privateKey,
}: KeyProps): JSXElement => (
  <Box>
    <Heading>{translate('privateKey.alertTitle')}</Heading>
    <Row label={translate('home.account')}>
      <Value value={account} />
    </Row>
    <Text>{translate('privateKey.alertBody')}</Text>
    <Copyable value={privateKey} sensitive={true} />
    <Button name={EXPORT_KEY_CLOSE_BUTTON}>{translate('common.done')}</Button>
  </Box>
);
