import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Heading, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

type Props = { translate: Translate; reason: string };

/**
 * What the home page shows when it cannot show itself (damaged state, a stored
 * network the snap no longer serves, a failing wallet request): a page saying so,
 * never a blank or crashed one.
 *
 * @param props - Page facts.
 * @param props.translate - Translator.
 * @param props.reason - What went wrong, readable.
 * @returns The page content.
 */
export const HomeErrorPage = ({ translate, reason }: Props): JSXElement => (
  <Box>
    <Heading>{translate('home.title')}</Heading>
    <Banner title={translate('home.errorTitle')} severity="danger">
      <Text>{translate('home.errorBody', { reason })}</Text>
    </Banner>
  </Box>
);
