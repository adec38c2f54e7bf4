import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Button, Section, Text } from '@metamask/snaps-sdk/jsx';

import { shorten } from './format';
import type { Translate } from './i18n';

/** Name of the home page button that removes the current account from the list. */
export const REMOVE_ACCOUNT_BUTTON = 'remove-account';

/** Prefix of the home page buttons that revoke a site: the rest is its origin. */
export const REVOKE_PREFIX = 'revoke:';

/** A site and the accounts it was given on the current network. */
export type SiteAccess = {
  origin: string;
  accounts: { address: string; addressIndex: number | undefined }[];
};

type Props = {
  translate: Translate;
  /** The current account's index, undefined when there is none. */
  index: number | undefined;
  sites: SiteAccess[];
};

/**
 * The user's view of what pages were given (a grant the user can see can be taken
 * back): the current account's index
 * and its removal, then every site with its accounts and a button to revoke it.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.index - The current account's index.
 * @param props.sites - The sites with accounts on this network.
 * @returns The section.
 */
export const PageAccessSection = ({
  translate,
  index,
  sites,
}: Props): JSXElement => (
  <Section>
    {index === undefined ? null : (
      <Text>{translate('home.accountIndex', { index: String(index) })}</Text>
    )}
    {index === undefined ? null : (
      <Button name={REMOVE_ACCOUNT_BUTTON}>
        {translate('home.removeAccount')}
      </Button>
    )}
    <Text fontWeight="bold">{translate('home.sites')}</Text>
    {sites.length === 0 ? <Text>{translate('home.noSites')}</Text> : null}
    {sites.map((site) => (
      <Section>
        <Text fontWeight="bold">{site.origin}</Text>
        {site.accounts.map((account) => (
          <Text>
            {`${account.addressIndex === undefined ? '' : `#${account.addressIndex} `}${shorten(account.address)}`}
          </Text>
        ))}
        <Button name={`${REVOKE_PREFIX}${site.origin}`}>
          {translate('home.revoke', { origin: site.origin })}
        </Button>
      </Section>
    ))}
  </Section>
);
