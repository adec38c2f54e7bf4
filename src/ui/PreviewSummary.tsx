import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { DescribedPreview, ShownApproval } from './describePreview';
import type { Translate } from './i18n';
import { Value } from './Value';

type Props = {
  translate: Translate;
  /** What the simulation showed; undefined when the node gave none. */
  preview: DescribedPreview | undefined;
};

/**
 * The spending the transaction allows, each spender with its amount; an unlimited one
 * as a warning row.
 *
 * @param props - The approvals.
 * @param props.translate - Translator.
 * @param props.approvals - Described approvals.
 * @returns The section, or nothing without approvals.
 */
const ApprovalList = ({
  translate,
  approvals,
}: {
  translate: Translate;
  approvals: ShownApproval[];
}): JSXElement | null =>
  approvals.length === 0 ? null : (
    <Section>
      <Text fontWeight="bold">{translate('preview.approvals')}</Text>
      {approvals.map((approval) => (
        <Box>
          <Row label={translate('calls.spender')}>
            <Value value={approval.spender} />
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
 * What the transaction does to the signing account, from the node's simulation rather
 * than from what the site says: the net change of every token, the spending it allows
 * (unlimited ones as a warning) and, when it reverts, a danger banner with the reason.
 * Without a simulation it says so, so the user knows the effects are not shown.
 *
 * @param props - Preview facts.
 * @param props.translate - Translator.
 * @param props.preview - The described preview.
 * @returns The section.
 */
export const PreviewSummary = ({ translate, preview }: Props): JSXElement => {
  if (!preview) {
    return (
      <Banner title={translate('preview.unavailable')} severity="warning">
        <Text>{translate('preview.unavailableBody')}</Text>
      </Banner>
    );
  }
  return (
    <Box>
      {preview.revertReason === undefined ? null : (
        <Banner title={translate('preview.willFail')} severity="danger">
          <Text>{translate('preview.willFailBody')}</Text>
          <Text color="error">{preview.revertReason}</Text>
        </Banner>
      )}
      {preview.approvals
        .filter((approval) => approval.unlimited)
        .map((approval) => (
          <Banner
            title={translate('preview.unlimitedTitle')}
            severity="warning"
          >
            <Text>
              {translate('preview.unlimitedBody', {
                spender: approval.spenderName ?? approval.spender,
                symbol: approval.token,
              })}
            </Text>
          </Banner>
        ))}
      <Section>
        <Text fontWeight="bold">{translate('preview.balanceChanges')}</Text>
        {preview.changes.length === 0 ? (
          <Text>{translate('preview.noChanges')}</Text>
        ) : (
          preview.changes.map((change) => (
            <Row label={change.token}>
              <Text>{change.amount}</Text>
            </Row>
          ))
        )}
      </Section>
      <ApprovalList translate={translate} approvals={preview.approvals} />
    </Box>
  );
};
