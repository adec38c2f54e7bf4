import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Heading, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/networks';
import { CallList } from './CallList';
import type { DescribedCall } from './describeCalls';
import type { DescribedPreview } from './describePreview';
import { FeeSummary } from './FeeSummary';
import type { Translate } from './i18n';
import { PreviewSummary } from './PreviewSummary';
import { RequestSummary } from './RequestSummary';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  sender: string;
  calls: DescribedCall[];
  /** What the node's simulation shows; undefined when it gave none. */
  preview: DescribedPreview | undefined;
  includesDeploy: boolean;
  fee: string;
  maxFee: string;
};

/**
 * Confirmation before sending a transaction: what it does to the account's balances
 * and allowances (simulated, or a notice that it could not be), whether it will fail,
 * every call (decoded where possible), the fee in STRK, and whether the account gets
 * deployed first.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The sending account.
 * @param props.calls - The calls, described.
 * @param props.preview - The simulation's reading, described.
 * @param props.includesDeploy - Whether the account is deployed first.
 * @param props.fee - Estimated fee with unit.
 * @param props.maxFee - Maximum fee with unit.
 * @returns The dialog content.
 */
export const ExecuteTxnDialog = ({
  translate,
  origin,
  network,
  sender,
  calls,
  preview,
  includesDeploy,
  fee,
  maxFee,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('executeTxn.title')}</Heading>
    <Text>{translate('executeTxn.body', { origin })}</Text>
    {includesDeploy ? (
      <Banner title={translate('deployAccount.title')} severity="info">
        <Text>{translate('executeTxn.includesDeploy')}</Text>
      </Banner>
    ) : null}
    <RequestSummary
      translate={translate}
      origin={origin}
      network={network}
      account={sender}
    />
    <PreviewSummary translate={translate} preview={preview} />
    <CallList translate={translate} calls={calls} />
    <FeeSummary translate={translate} estimatedFee={fee} maxFee={maxFee} />
  </Box>
);
