import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type {
  DescribedPreview,
  ShownApproval,
  ShownChange,
} from './describePreview';
import type { Translate } from './i18n';
import { NftBanners, NftList } from './NftSummary';
import { FailureBanner, Refused, Unavailable } from './PreviewBanners';
import { Value } from './Value';

type Props = {
  translate: Translate;
  /** What the simulation showed; undefined when the node gave none. */
  preview: DescribedPreview | undefined;
  /** Host of the node that simulated, named in the footer. */
  simulatedOn: string;
  /** The signing account, labelled "your account" as a spender. */
  account: string;
  /** For a signature usable later: until when, said when the simulation fails. */
  usableLater?: string | undefined;
  /** Why the node refused to simulate (cleaned); with a preview, the charged one. */
  refusal?: string | undefined;
  /** Without a preview: why a call reverts (cleaned). */
  failure?: string | undefined;
};

/**
 * The spending the transaction allows, each spender with its amount; an unlimited one
 * as a warning row.
 *
 * @param props - The approvals.
 * @param props.translate - Translator.
 * @param props.approvals - Described approvals.
 * @param props.account - The signing account.
 * @returns The section, or nothing without approvals.
 */
const ApprovalList = ({
  translate,
  approvals,
  account,
}: {
  translate: Translate;
  approvals: ShownApproval[];
  account: string;
}): JSXElement | null =>
  approvals.length === 0 ? null : (
    <Section>
      <Text fontWeight="bold">{translate('preview.approvals')}</Text>
      {approvals.map((approval) => (
        <Box>
          <Row label={translate('calls.spender')}>
            <Value
              value={approval.spender}
              own={{ account, note: translate('calls.yourAccount') }}
            />
          </Row>
          {approval.spenderName === undefined ? null : (
            <Text>{approval.spenderName}</Text>
          )}
          <Row
            label={approval.token}
            variant={approval.unlimited ? 'warning' : 'default'}
          >
            <Text color={approval.unlimited ? 'warning' : 'default'}>
              {approval.amount}
            </Text>
          </Row>
        </Box>
      ))}
    </Section>
  );

/**
 * The net change of every token; one the user did not list as a warning row, marked
 * unverified.
 *
 * @param props - The changes.
 * @param props.translate - Translator.
 * @param props.changes - Described changes.
 * @param props.nftsMove - Whether NFTs move (then no "nothing moves" line).
 * @returns The section.
 */
const ChangeList = ({
  translate,
  changes,
  nftsMove,
}: {
  translate: Translate;
  changes: ShownChange[];
  nftsMove: boolean;
}): JSXElement | null =>
  changes.length === 0 && nftsMove ? null : (
    <Section>
      <Text fontWeight="bold">{translate('preview.balanceChanges')}</Text>
      {changes.length === 0 ? (
        <Text>{translate('preview.noChanges')}</Text>
      ) : (
        changes.map((change) =>
          change.unverified ? (
            <Row label={change.token} variant="warning">
              <Text color="warning">
                {change.addedBy === undefined
                  ? translate('preview.unverifiedAmount', {
                      amount: change.amount,
                    })
                  : translate('preview.pageTokenAmount', {
                      amount: change.amount,
                      origin: change.addedBy,
                    })}
              </Text>
            </Row>
          ) : (
            <Row label={change.token}>
              <Text>{change.amount}</Text>
            </Row>
          ),
        )
      )}
    </Section>
  );

/**
 * The preview's warnings: a change to the account itself (danger), an unlisted token
 * wearing a listed symbol, each unlimited approval.
 *
 * @param props - The preview.
 * @param props.translate - Translator.
 * @param props.preview - The described preview.
 * @returns The banners.
 */
const Warnings = ({
  translate,
  preview,
}: {
  translate: Translate;
  preview: DescribedPreview;
}): JSXElement => (
  <Box>
    {preview.accountChanges.length === 0 ? null : (
      <Banner title={translate('preview.accountChangeTitle')} severity="danger">
        <Text>
          {translate('preview.accountChangeBody', {
            changes: preview.accountChanges.join(', '),
          })}
        </Text>
      </Banner>
    )}
    <NftBanners translate={translate} nfts={preview.nfts} />
    {preview.imitations.map((imitation) => (
      <Banner title={translate('preview.imitationTitle')} severity="warning">
        <Text>
          {translate('preview.imitationBody', {
            symbol: imitation.symbol,
            address: imitation.address,
          })}
        </Text>
      </Banner>
    ))}
    {preview.approvals
      .filter((approval) => approval.unlimited)
      .map((approval) => (
        <Banner title={translate('preview.unlimitedTitle')} severity="warning">
          <Text>
            {translate('preview.unlimitedBody', {
              spender: approval.spenderName ?? approval.spender,
              symbol: approval.token,
            })}
          </Text>
        </Banner>
      ))}
  </Box>
);

/**
 * What the transaction does to the signing account, from the node's simulation rather
 * than from what the site says: the net change of every token (one the user did not
 * list by its address, marked unverified; a warning when it wears a listed token's
 * symbol), the spending it allows (unlimited ones as a warning), when it reverts a
 * danger banner with the reason, and the node that simulated. Without a simulation it
 * says so, so the user knows the effects are not shown.
 *
 * @param props - Preview facts.
 * @param props.translate - Translator.
 * @param props.preview - The described preview.
 * @param props.simulatedOn - The simulating node's host.
 * @param props.account - The signing account.
 * @param props.usableLater - For a signature usable later: until when.
 * @param props.refusal - The node's reason for refusing the charged simulation, cleaned.
 * @param props.failure - Without a preview: why a call reverts, cleaned.
 * @returns The section.
 */
export const PreviewSummary = ({
  translate,
  preview,
  simulatedOn,
  account,
  usableLater,
  refusal,
  failure,
}: Props): JSXElement => {
  if (!preview) {
    return (
      <Unavailable
        translate={translate}
        refusal={refusal}
        failure={failure}
        usableLater={usableLater}
      />
    );
  }
  // A signature that fails now moves nothing now, but may later: never "nothing moves".
  const later = usableLater !== undefined && preview.revertReason !== undefined;
  return (
    <Box>
      {refusal === undefined ? null : (
        <Refused translate={translate} refusal={refusal} />
      )}
      <FailureBanner
        translate={translate}
        revertReason={preview.revertReason}
        usableLater={usableLater}
      />
      <Warnings translate={translate} preview={preview} />
      {later ? null : (
        <ChangeList
          translate={translate}
          changes={preview.changes}
          nftsMove={preview.nfts.moves.length > 0}
        />
      )}
      <NftList translate={translate} nfts={preview.nfts} account={account} />
      <ApprovalList
        translate={translate}
        approvals={preview.approvals}
        account={account}
      />
      <Text>{translate('preview.simulatedOn', { host: simulatedOn })}</Text>
    </Box>
  );
};
