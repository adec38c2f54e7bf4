import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

type Props = { translate: Translate };

/**
 * Shown once, right after installation: what the snap does and that nothing is
 * signed without the user's approval.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @returns The dialog content.
 */
export const InstallDialog = ({ translate }: Props): JSXElement => (
  <Box>
    <Heading>{translate('install.title')}</Heading>
    <Text>{translate('install.body')}</Text>
    <Text>{translate('install.home')}</Text>
  </Box>
);
