import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Heading, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/networks';
import { CallList } from './CallList';
import type { DescribedCall } from './describeCalls';
import { FeeSummary } from './FeeSummary';
import type { Translate } from './i18n';
import { RequestSummary } from './RequestSummary';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  sender: string;
  calls: DescribedCall[];
  includesDeploy: boolean;
  fee: string;
  maxFee: string;
};

/**
 * Confirmation before sending a transaction: every call (decoded where possible),
 * the fee in STRK, and whether the account gets deployed first.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The sending account.
 * @param props.calls - The calls, described.
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
    <CallList translate={translate} calls={calls} />
    <FeeSummary translate={translate} estimatedFee={fee} maxFee={maxFee} />
  </Box>
);
