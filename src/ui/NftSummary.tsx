import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { DescribedNfts } from './describePreview';
import type { Translate } from './i18n';
import { Value } from './Value';

type Props = { translate: Translate; nfts: DescribedNfts };

/**
 * The warnings of a preview beyond tokens: a danger banner for each operator the
 * account lets move a whole collection, and a warning when the transaction emits
 * events the snap cannot read (their effects are not shown).
 *
 * @param props - NFT facts.
 * @param props.translate - Translator.
 * @param props.nfts - Described NFT side of the preview.
 * @returns The banners.
 */
export const NftBanners = ({ translate, nfts }: Props): JSXElement => (
  <Box>
    {nfts.operators
      .filter((operator) => operator.approved)
      .map((operator) => (
        <Banner title={translate('preview.operatorTitle')} severity="danger">
          <Text>
            {translate('preview.operatorBody', {
              operator: operator.operator,
              collection: operator.collection,
            })}
          </Text>
        </Banner>
      ))}
    {nfts.unreadEvents > 0 ? (
      <Banner title={translate('preview.unreadTitle')} severity="warning">
        <Text>
          {translate('preview.unreadBody', { count: nfts.unreadEvents })}
        </Text>
      </Banner>
    ) : null}
  </Box>
);

/**
 * The NFTs that leave or reach the account (collection, id with all its digits, signed
 * count) and the single tokens it lets a spender move.
 *
 * @param props - NFT facts.
 * @param props.translate - Translator.
 * @param props.nfts - Described NFT side of the preview.
 * @param props.account - The signing account, labelled "your account" as a spender.
 * @returns The section, or nothing when no NFT moves or is approved.
 */
export const NftList = ({
  translate,
  nfts,
  account,
}: Props & { account?: string }): JSXElement | null =>
  nfts.moves.length === 0 && nfts.approvals.length === 0 ? null : (
    <Section>
      <Text fontWeight="bold">{translate('preview.nfts')}</Text>
      {nfts.moves.map((move) => (
        <Row label={move.collection}>
          <Text>
            {translate('preview.nftMove', {
              id: move.tokenId,
              amount: move.amount,
            })}
          </Text>
        </Row>
      ))}
      {nfts.approvals.map((approval) => (
        <Box>
          <Row label={translate('calls.spender')}>
            <Value
              value={approval.spender}
              own={
                account === undefined
                  ? undefined
                  : { account, note: translate('calls.yourAccount') }
              }
            />
          </Row>
          <Text>
            {translate('preview.nftApproval', {
              id: approval.tokenId,
              collection: approval.collection,
            })}
          </Text>
        </Box>
      ))}
    </Section>
  );
