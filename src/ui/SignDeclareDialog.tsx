import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Copyable, Heading, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { FeeSummary, StrkBelowMaxFee } from './FeeSummary';
import type { Translate } from './i18n';
import { RequestSummary } from './RequestSummary';

type Props = {
  translate: Translate;
  /** True when the declaration is sent, not only signed. */
  sending?: boolean;
  origin: string;
  network: Network;
  sender: string;
  classHash: string;
  compiledClassHash: string;
  maxFee: string;
  nonce: string;
  /** The STRK balance, when it cannot cover the maximum fee of a sent declaration. */
  strkBalance?: string | undefined;
};

/**
 * Confirmation before signing (or sending) a declare transaction, naming the class
 * hash.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.sending - Whether the declaration is sent, not only signed.
 * @param props.origin - The requesting dapp.
 * @param props.network - The network.
 * @param props.sender - The signing account.
 * @param props.classHash - Class being declared.
 * @param props.compiledClassHash - Its compiled (CASM) hash.
 * @param props.maxFee - Maximum fee with unit.
 * @param props.nonce - The nonce signed.
 * @param props.strkBalance - STRK balance with unit, when below the maximum fee.
 * @returns The dialog content.
 */
export const SignDeclareDialog = ({
  translate,
  sending = false,
  origin,
  network,
  sender,
  classHash,
  compiledClassHash,
  maxFee,
  nonce,
  strkBalance,
}: Props): JSXElement => (
  <Box>
    <Heading>
      {translate(sending ? 'declare.title' : 'signDeclare.title')}
    </Heading>
    <Text>
      {translate(sending ? 'declare.body' : 'signDeclare.body', { origin })}
    </Text>
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
      account={sender}
    />
    <Section>
      <Text>{translate('signDeclare.classHash')}</Text>
      <Copyable value={classHash} />
      <Text>{translate('signDeclare.compiledClassHash')}</Text>
      <Copyable value={compiledClassHash} />
    </Section>
    <FeeSummary translate={translate} maxFee={maxFee} nonce={nonce} />
  </Box>
);
