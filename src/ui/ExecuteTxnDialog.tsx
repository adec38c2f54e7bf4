import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { FeeSummary, StrkBelowMaxFee } from './FeeSummary';
import type { Translate } from './i18n';
import type { ReviewContent } from './reviewContent';
import { ReviewDialog } from './ReviewDialog';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  sender: string;
  content: ReviewContent;
  includesDeploy: boolean;
  fee: string;
  maxFee: string;
  /** The tip signed and the most it adds, when the send tips. */
  tip?: { perGas: string; adds: string } | undefined;
  /** The STRK balance, when it cannot cover the maximum fee (the node would refuse). */
  strkBalance?: string | undefined;
  /** Fee tokens the paymaster takes that the account holds, when STRK falls short. */
  feeTokens?: readonly string[];
};

/**
 * The dialog's banners: STRK below the maximum fee (danger), the fee tokens a paymaster
 * could take instead, the deployment in front.
 *
 * @param facts - What the banners say.
 * @param facts.translate - Translator.
 * @param facts.maxFee - Maximum fee with unit.
 * @param facts.strkBalance - STRK balance with unit, when below the maximum fee.
 * @param facts.feeTokens - Held fee tokens to suggest.
 * @param facts.includesDeploy - Whether the account is deployed first.
 * @returns The banners.
 */
function notices({
  translate,
  maxFee,
  strkBalance,
  feeTokens,
  includesDeploy,
}: Pick<Props, 'translate' | 'maxFee' | 'strkBalance' | 'includesDeploy'> & {
  feeTokens: readonly string[];
}): JSXElement[] {
  return [
    ...(strkBalance === undefined
      ? []
      : [
          <StrkBelowMaxFee
            translate={translate}
            balance={strkBalance}
            maxFee={maxFee}
          />,
        ]),
    ...(feeTokens.length > 0
      ? [
          <Banner
            title={translate('executeTxn.strkShort.title')}
            severity="warning"
          >
            <Text>
              {translate('executeTxn.strkShort.body', {
                maxFee,
                tokens: feeTokens.join(', '),
              })}
            </Text>
          </Banner>,
        ]
      : []),
    ...(includesDeploy
      ? [
          <Banner title={translate('deployAccount.title')} severity="info">
            <Text>{translate('executeTxn.includesDeploy')}</Text>
          </Banner>,
        ]
      : []),
  ];
}

/**
 * Confirmation before sending a transaction: the shared review (simulated effects,
 * decoded calls), whether the account gets deployed first, and the fee in STRK; when
 * STRK cannot cover the maximum fee, a danger naming both amounts (the node refuses such
 * a send) and which held tokens the paymaster could take instead.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The sending account.
 * @param props.content - The review, described.
 * @param props.includesDeploy - Whether the account is deployed first.
 * @param props.fee - Simulated fee with unit.
 * @param props.maxFee - Maximum fee with unit.
 * @param props.tip - The tip and what it can add.
 * @param props.strkBalance - STRK balance with unit, when below the maximum fee.
 * @param props.feeTokens - Held fee tokens to suggest (none: no warning).
 * @returns The dialog content.
 */
export const ExecuteTxnDialog = ({
  translate,
  origin,
  network,
  sender,
  content,
  includesDeploy,
  fee,
  maxFee,
  tip,
  strkBalance,
  feeTokens = [],
}: Props): JSXElement => (
  <ReviewDialog
    translate={translate}
    title={translate('executeTxn.title')}
    intro={translate('executeTxn.body', { origin })}
    origin={origin}
    network={network}
    sender={sender}
    content={content}
    notices={notices({
      translate,
      maxFee,
      strkBalance,
      feeTokens,
      includesDeploy,
    })}
    fee={
      <FeeSummary
        translate={translate}
        estimatedFee={fee}
        maxFee={maxFee}
        tip={tip}
      />
    }
  />
);
