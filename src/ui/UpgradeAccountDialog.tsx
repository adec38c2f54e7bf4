import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Box, Heading, Row, Text } from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { FeeSummary } from './FeeSummary';
import type { Translate } from './i18n';
import { Value } from './Value';

/** An Argent class: its version and hash. */
type ClassShown = { version: string; classHash: string };

type Props = {
  translate: Translate;
  origin: string;
  network: Network;
  address: string;
  from: ClassShown;
  to: ClassShown;
  /** The `upgrade` self-call's arguments, as signed. */
  calldata: readonly string[];
  /** The account runs the Cairo 0 proxy (its tip is pinned). */
  legacy: boolean;
  tip: bigint;
  fee: string;
  maxFee: string;
  nonce: string;
};

/**
 * Asks the user to confirm an account upgrade: the current and the new Argent version
 * with their class hashes, the `upgrade` self-call with every argument as signed, that
 * the address stays and that the step cannot be undone, and the fee in STRK. A legacy
 * account's tip is pinned (shown, with why).
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - Who asked (the home page: `metamask`).
 * @param props.network - The network.
 * @param props.address - The account (also the called contract).
 * @param props.from - Its class now.
 * @param props.to - The class after the upgrade.
 * @param props.calldata - The call's arguments.
 * @param props.legacy - Whether it is a Cairo 0 account.
 * @param props.tip - The transaction's tip.
 * @param props.fee - Estimated fee in STRK.
 * @param props.maxFee - Maximum fee in STRK.
 * @param props.nonce - The invoke's nonce.
 * @returns The dialog content.
 */
export const UpgradeAccountDialog = ({
  translate,
  origin,
  network,
  address,
  from,
  to,
  calldata,
  legacy,
  tip,
  fee,
  maxFee,
  nonce,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('upgradeAccount.title')}</Heading>
    <Text>{translate('upgradeAccount.body', { origin })}</Text>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
    <Row label={translate('common.account')}>
      <Value value={address} />
    </Row>
    <Row label={translate('upgradeAccount.current')}>
      <Text>{`Argent ${from.version}`}</Text>
    </Row>
    <Row label={translate('signDeclare.classHash')}>
      <Value value={from.classHash} />
    </Row>
    <Row label={translate('upgradeAccount.target')}>
      <Text>{`Argent ${to.version}`}</Text>
    </Row>
    <Row label={translate('signDeclare.classHash')}>
      <Value value={to.classHash} />
    </Row>
    <Row label={translate('calls.entrypoint')}>
      <Text>{`upgrade(${calldata.join(', ')})`}</Text>
    </Row>
    <Banner title={translate('upgradeAccount.irreversible')} severity="warning">
      <Text>{translate('upgradeAccount.sameAddress')}</Text>
    </Banner>
    <Row label={translate('upgradeAccount.tip')}>
      <Text>{`0x${tip.toString(16)}`}</Text>
    </Row>
    {legacy ? <Text>{translate('upgradeAccount.legacyTip')}</Text> : null}
    <FeeSummary
      translate={translate}
      estimatedFee={fee}
      maxFee={maxFee}
      nonce={nonce}
    />
  </Box>
);
