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

import type { Network } from '../starknet/networks';
import type { TokenMismatch } from '../starknet/tokenMetadata';
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
  /** Where the contract disagrees with the dapp's claims. */
  mismatches: TokenMismatch[];
};

/**
 * One warning line, in the user's words.
 *
 * @param translate - Translator.
 * @param mismatch - The disagreement.
 * @returns The text.
 */
function describeMismatch(
  translate: Translate,
  mismatch: TokenMismatch,
): string {
  switch (mismatch.kind) {
    case 'notErc20':
      return translate('addToken.notErc20');
    case 'symbol':
      return translate('addToken.symbolMismatch', {
        symbol: mismatch.onChain,
      });
    case 'decimals':
      return translate('addToken.decimalsMismatch', {
        decimals: mismatch.onChain,
      });
    default:
      return '';
  }
}

/**
 * Asks the user to add a token to the watch list, showing the token as it would be
 * stored and, above it, a warning whenever the contract contradicts the dapp (or
 * does not behave like an ERC-20), so a site cannot pass a token off as another.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network whose watch list changes.
 * @param props.account - The dapp's account, if named.
 * @param props.token - The token.
 * @param props.mismatches - Disagreements with the contract.
 * @returns The dialog content.
 */
export const AddTokenDialog = ({
  translate,
  origin,
  network,
  account,
  token,
  mismatches,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('addToken.title')}</Heading>
    <Text>{translate('addToken.body', { origin })}</Text>
    {mismatches.length > 0 ? (
      <Banner title={translate('addToken.warningTitle')} severity="warning">
        {mismatches.map((mismatch) => (
          <Text>{describeMismatch(translate, mismatch)}</Text>
        ))}
      </Banner>
    ) : null}
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
