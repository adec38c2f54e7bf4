import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Banner,
  Box,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/networks';
import { CallList } from './CallList';
import type { DescribedCall } from './describeCalls';
import type { DescribedPreview } from './describePreview';
import type { Translate } from './i18n';
import { PreviewSummary } from './PreviewSummary';
import { RequestSummary } from './RequestSummary';

/** The fee of a paymaster send, as shown: amounts with the token's symbol. */
export type PaymasterFeeView = {
  /** The token's symbol from the user's list, else its address marked unverified. */
  token: string;
  /** The paymaster's estimate, e.g. `0.00192 USDC`. */
  estimatedFee: string;
  /** The signed fee transfer, the most the send can cost. */
  maxFee: string;
  /** The paymaster's host. */
  host: string;
  /** The outside execution's nonce and end of validity (Unix seconds), as signed. */
  nonce: string;
  executeBefore: string;
};

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  sender: string;
  /** The user's calls, described (the fee transfer is shown as the fee). */
  calls: DescribedCall[];
  preview: DescribedPreview | undefined;
  includesDeploy: boolean;
  fee: PaymasterFeeView;
};

/**
 * Confirmation of a send whose fee a SNIP-29 paymaster takes in another token: the
 * executeTxn preview of the user's calls, then the fee in that token (estimate and
 * the maximum signed), the paymaster's host, the nonce and validity end the typed
 * data signs. No STRK fee row: the user pays none.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The sending account.
 * @param props.calls - The user's calls, described.
 * @param props.preview - The simulation's reading, described.
 * @param props.includesDeploy - Whether the account is deployed in the same send.
 * @param props.fee - The fee in the token and the paymaster.
 * @returns The dialog content.
 */
export const PaymasterTxnDialog = ({
  translate,
  origin,
  network,
  sender,
  calls,
  preview,
  includesDeploy,
  fee,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('paymaster.title', { token: fee.token })}</Heading>
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
    <Section>
      <Row label={translate('paymaster.feeToken')}>
        <Text>{fee.token}</Text>
      </Row>
      <Row label={translate('common.estimatedFee')}>
        <Text>{fee.estimatedFee}</Text>
      </Row>
      <Row label={translate('common.maxFee')}>
        <Text>{fee.maxFee}</Text>
      </Row>
      <Row label={translate('paymaster.host')}>
        <Text>{fee.host}</Text>
      </Row>
      <Row label={translate('paymaster.nonce')}>
        <Text>{fee.nonce}</Text>
      </Row>
      <Row label={translate('paymaster.validUntil')}>
        <Text>{fee.executeBefore}</Text>
      </Row>
      <Text>
        {translate('paymaster.note', { host: fee.host, token: fee.token })}
      </Text>
    </Section>
  </Box>
);
