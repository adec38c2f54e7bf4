import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Banner,
  Box,
  Copyable,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { foreignCodePoints } from '../starknet/tokens/lookAlike';
import type { TokenMismatch } from '../starknet/tokens/tokenMetadata';
import type { TokenRecord } from '../state/types';
import type { Translate } from './i18n';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  /** The dapp's account, when it named one. */
  account: string | undefined;
  /** The token as it would be stored. */
  token: TokenRecord;
  /** Where the contract falls short of an ERC-20. */
  mismatches: TokenMismatch[];
  /** Page-added tokens at other addresses whose symbol reads the same. */
  sharing: TokenRecord[];
};

/**
 * Asks the user to add a token to the watch list, showing the token as it would be
 * stored: marked unverified with the site that adds it (only the snap's own list is
 * trusted), its symbol's letters outside ASCII as code points, a warning when the
 * contract does not behave like an ERC-20 and one per page-added token already
 * using a symbol that reads the same, so a site cannot pass a token off as another.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network whose watch list changes.
 * @param props.account - The dapp's account, if named.
 * @param props.token - The token.
 * @param props.mismatches - Where the contract falls short.
 * @param props.sharing - Page-added tokens whose symbol reads the same.
 * @returns The dialog content.
 */
export const AddTokenDialog = ({
  translate,
  origin,
  network,
  account,
  token,
  mismatches,
  sharing,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('addToken.title')}</Heading>
    <Text>{translate('addToken.body', { origin })}</Text>
    <Text color="warning">{translate('addToken.unverified', { origin })}</Text>
    {mismatches.length > 0 ? (
      <Banner title={translate('addToken.warningTitle')} severity="warning">
        <Text>{translate('addToken.notErc20')}</Text>
      </Banner>
    ) : null}
    {sharing.map((other) => (
      <Banner title={translate('addToken.sharedTitle')} severity="warning">
        <Text>
          {translate('addToken.sharedBody', {
            symbol: other.symbol,
            address: other.address,
            origin: other.origin ?? translate('addToken.aPage'),
          })}
        </Text>
      </Banner>
    ))}
    <Section>
      <Row label={translate('common.network')}>
        <Text>{network.name}</Text>
      </Row>
      <Row label={translate('addToken.name')}>
        <Text>{token.name}</Text>
      </Row>
      <Row label={translate('addToken.symbol')}>
        <Text>{token.symbol}</Text>
      </Row>
      {foreignCodePoints(token.symbol) === '' ? null : (
        <Row label={translate('addToken.codePoints')}>
          <Text>{foreignCodePoints(token.symbol)}</Text>
        </Row>
      )}
      <Row label={translate('addToken.decimals')}>
        <Text>{String(token.decimals)}</Text>
      </Row>
      <Text>{translate('addToken.address')}</Text>
      <Copyable value={token.address} />
      {account ? <Text>{translate('common.account')}</Text> : null}
      {account ? <Copyable value={account} /> : null}
    </Section>
  </Box>
);
