import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Heading, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { CallList } from './CallList';
import type { Translate } from './i18n';
import { PreviewSummary } from './PreviewSummary';
import { RequestSummary } from './RequestSummary';
import type { ReviewContent } from './reviewContent';

type Props = {
  translate: Translate;
  /** The dialog's heading, translated. */
  title: string;
  /** One sentence saying who asks for what, translated. */
  intro: string;
  origin: string;
  network: Network;
  /** The account whose calls are reviewed. */
  sender: string;
  content: ReviewContent;
  /** What differs per flow, shown first: deployment, who may submit, time window… */
  notices?: JSXElement[];
  /** The fee section: STRK fee and max, fee in another token, or "you pay no fee". */
  fee: JSXElement;
};

/**
 * The one confirmation of calls an account runs, shared by every flow that signs
 * them (executeTxn, signTransaction, outside executions, paymaster sends): who asks,
 * what the simulation says moves (balance changes, approvals, revert), every call
 * decoded, then the fee. Flows differ only by title, notices and fee section.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.title - Heading.
 * @param props.intro - Intro sentence.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The account.
 * @param props.content - The review, described (reviewContent.ts).
 * @param props.notices - Flow-specific banners or rows, first.
 * @param props.fee - The fee section.
 * @returns The dialog content.
 */
export const ReviewDialog = ({
  translate,
  title,
  intro,
  origin,
  network,
  sender,
  content,
  notices = [],
  fee,
}: Props): JSXElement => (
  <Box>
    <Heading>{title}</Heading>
    <Text>{intro}</Text>
    {notices}
    <RequestSummary
      translate={translate}
      origin={origin}
      network={network}
      account={sender}
    />
    <PreviewSummary
      translate={translate}
      preview={content.preview}
      simulatedOn={content.simulatedOn}
      refusal={content.refusal}
      failure={content.failure}
      account={content.account}
      usableLater={content.usableLater}
    />
    <CallList
      translate={translate}
      calls={content.calls}
      account={content.account}
    />
    {fee}
  </Box>
);
