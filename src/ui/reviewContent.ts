import type { Call } from '../api/transaction';
import type { Review } from '../starknet/review/review';
import type { DappAbis, DescribedCall } from './describeCalls';
import { describeCalls } from './describeCalls';
import type { DescribedPreview } from './describePreview';
import { describePreview, nodeText } from './describePreview';
import type { Translate } from './i18n';

/** A review as the dialog shows it: the same content in every signing confirmation. */
export type ReviewContent = {
  /** The simulation's rows; undefined when the node gave no simulation. */
  preview: DescribedPreview | undefined;
  /** Every call, decoded with the on-chain ABIs (the dapp's only where none on chain). */
  calls: DescribedCall[];
  /** The node host the simulation ran on, for the preview's footer. */
  simulatedOn: string;
  /** Why the node refused to simulate, cleaned (nodeText); with a preview, the charged one. */
  refusal?: string | undefined;
  /** Without a preview: why a call reverts, from the estimate's error, cleaned. */
  failure?: string | undefined;
  /** The signing account, labelled "your account" wherever it appears. */
  account: string;
  /**
   * For a signature usable later (outside execution, signTransaction): how long
   * (translated), said when its simulation fails instead of "nothing moves".
   */
  usableLater?: string | undefined;
};

/**
 * Turns a review into what its dialog shows, in the user's language. Pure, so every
 * confirmation (executeTxn, signTransaction, outside execution, paymaster send)
 * describes the same facts the same way.
 *
 * @param review - What the chain says the transaction does.
 * @param request - What the dapp asked for.
 * @param request.calls - The calls shown (those the user's account runs).
 * @param request.abis - ABIs the dapp gave, used only for contracts without one on chain.
 * @param request.simulatedOn - Host of the node that simulated (never the full URL).
 * @param request.usableLater - For a signature usable later: until when, translated.
 * @param translate - Translator of the user's language.
 * @returns The dialog's content.
 */
export function reviewContent(
  review: Review,
  request: {
    calls: Call[];
    abis?: DappAbis | undefined;
    simulatedOn: string;
    usableLater?: string;
  },
  translate: Translate,
): ReviewContent {
  return {
    preview:
      review.preview &&
      describePreview(
        review.preview,
        { listed: review.listed, unlisted: review.unlisted },
        translate,
      ),
    calls: describeCalls(
      request.calls,
      review.listed,
      request.abis,
      review.abis,
    ),
    simulatedOn: request.simulatedOn,
    refusal:
      review.refusal === undefined ? undefined : nodeText(review.refusal),
    failure:
      review.failure === undefined ? undefined : nodeText(review.failure),
    account: review.account,
    usableLater: request.usableLater,
  };
}
