import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Button, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';
import { Value } from './Value';

/** Button name prefix of "Upgrade" on the home page; the account's address follows. */
export const UPGRADE_BUTTON_PREFIX = 'upgrade-account:';

/** One account of the network as the home page lists it. */
export type HomeAccountInfo = {
  address: string;
  addressIndex: number;
  /** Which formula derived the address. */
  cairoVersion: '0' | '1';
  /** The Argent version running (or that its deployment would run), if known. */
  version: string | undefined;
  /** The version one upgrade leads to; undefined when it cannot be upgraded. */
  upgradeTo: string | undefined;
  /**
   * Balances of the watch list (undefined: not readable); the list shows the non-zero
   * ones. `addedBy`: a token a page added (its origin, '' when not recorded), shown
   * unverified.
   */
  balances: { symbol: string; amount: string | undefined; addedBy?: string }[];
};

type Props = {
  translate: Translate;
  accounts: readonly HomeAccountInfo[];
  /** What the last upgrade did. */
  notice: { text: string; error: boolean } | undefined;
};

/**
 * Every account of the network with its kind (Argent Cairo 1 or legacy Cairo 0 proxy),
 * the version it runs and its balances, and an "Upgrade" button on each one that can
 * be upgraded, so funds at a legacy address are seen and the account brought to the
 * current Argent class.
 *
 * @param props - The accounts.
 * @param props.translate - Translator.
 * @param props.accounts - The network's accounts.
 * @param props.notice - What the last upgrade did.
 * @returns The section.
 */
export const HomeAccounts = ({
  translate,
  accounts,
  notice,
}: Props): JSXElement => (
  <Section>
    <Text fontWeight="bold">{translate('home.accounts')}</Text>
    {notice ? (
      <Text color={notice.error ? 'error' : 'default'}>{notice.text}</Text>
    ) : null}
    {accounts.map((account) => (
      <Box>
        <Row
          label={`#${account.addressIndex} ${translate(
            account.cairoVersion === '0'
              ? 'home.kindLegacy'
              : 'home.kindArgent',
          )}`}
        >
          <Text>{account.version ?? '?'}</Text>
        </Row>
        <Value value={account.address} />
        {account.balances.map((balance) =>
          balance.amount === undefined || balance.amount === '0' ? null : (
            <Row
              label={
                balance.addedBy === undefined
                  ? balance.symbol
                  : `${balance.symbol} · ${
                      balance.addedBy || translate('addToken.aPage')
                    }`
              }
            >
              <Text>
                {balance.addedBy === undefined
                  ? balance.amount
                  : translate('preview.unverifiedAmount', {
                      amount: balance.amount,
                    })}
              </Text>
            </Row>
          ),
        )}
        {account.upgradeTo === undefined ? null : (
          <Button name={`${UPGRADE_BUTTON_PREFIX}${account.address}`}>
            {translate('home.upgrade', { version: account.upgradeTo })}
          </Button>
        )}
      </Box>
    ))}
  </Section>
);
