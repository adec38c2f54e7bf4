import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { FeeSummary, StrkBelowMaxFee } from './FeeSummary';
import type { Translate } from './i18n';
import { RequestSummary } from './RequestSummary';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  account: string;
  fee: string;
  maxFee: string;
  /** The STRK balance, when it cannot cover the maximum fee (the node would refuse). */
  strkBalance?: string | undefined;
};

/**
 * Confirmation before deploying an account contract, with what it will cost.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.account - The account to deploy.
 * @param props.fee - Estimated fee with unit.
 * @param props.maxFee - Maximum fee with unit.
 * @param props.strkBalance - STRK balance with unit, when below the maximum fee.
 * @returns The dialog content.
 */
export const DeployAccountDialog = ({
  translate,
  origin,
  network,
  account,
  fee,
  maxFee,
  strkBalance,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('deployAccount.title')}</Heading>
    <Text>{translate('deployAccount.body', { origin })}</Text>
    {strkBalance === undefined ? null : (
      <StrkBelowMaxFee
        translate={translate}
        balance={strkBalance}
        maxFee={maxFee}
      />
    )}
    <RequestSummary
      translate={translate}
      origin={origin}
      network={network}
      account={account}
    />
    <FeeSummary translate={translate} estimatedFee={fee} maxFee={maxFee} />
  </Box>
);
