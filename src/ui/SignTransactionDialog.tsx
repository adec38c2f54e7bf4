import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Text } from '@metamask/snaps-sdk/jsx';

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
  /** Maximum fee, already formatted with its unit. */
  maxFee: string;
  nonce: string;
};

/**
 * Confirmation before signing an invoke transaction without sending it: every call,
 * the fee bounds and the nonce.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The signing account.
 * @param props.calls - The calls, decoded where possible.
 * @param props.maxFee - Maximum fee with unit.
 * @param props.nonce - The nonce signed.
 * @returns The dialog content.
 */
export const SignTransactionDialog = ({
  translate,
  origin,
  network,
  sender,
  calls,
  maxFee,
  nonce,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('signTransaction.title')}</Heading>
    <Text>{translate('signTransaction.body', { origin })}</Text>
    <RequestSummary
      translate={translate}
      origin={origin}
      network={network}
      account={sender}
    />
    <CallList translate={translate} calls={calls} />
    <FeeSummary translate={translate} maxFee={maxFee} nonce={nonce} />
  </Box>
);
