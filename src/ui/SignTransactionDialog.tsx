import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { FeeSummary } from './FeeSummary';
import type { Translate } from './i18n';
import type { ReviewContent } from './reviewContent';
import { ReviewDialog } from './ReviewDialog';

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  sender: string;
  content: ReviewContent;
  /** The simulated fee with its unit; undefined when the node gave none. */
  fee: string | undefined;
  /** Maximum fee, already formatted with its unit. */
  maxFee: string;
  nonce: string;
  /** Warnings shown first (e.g. a nonce other than the account's next one). */
  notices?: JSXElement[];
};

/**
 * Confirmation before signing an invoke transaction without sending it: the same
 * review as a send (the dapp can submit what is signed), the fee bounds and the nonce.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The signing account.
 * @param props.content - The review, described.
 * @param props.fee - Simulated fee with unit.
 * @param props.maxFee - Maximum fee with unit.
 * @param props.nonce - The nonce signed.
 * @param props.notices - Warnings shown first.
 * @returns The dialog content.
 */
export const SignTransactionDialog = ({
  translate,
  origin,
  network,
  sender,
  content,
  fee,
  maxFee,
  nonce,
  notices,
}: Props): JSXElement => (
  <ReviewDialog
    translate={translate}
    title={translate('signTransaction.title')}
    intro={translate('signTransaction.body', { origin })}
    origin={origin}
    network={network}
    sender={sender}
    content={content}
    notices={notices}
    fee={
      <FeeSummary
        translate={translate}
        estimatedFee={fee}
        maxFee={maxFee}
        nonce={nonce}
      />
    }
  />
);
