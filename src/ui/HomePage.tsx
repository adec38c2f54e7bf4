import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Banner,
  Box,
  Button,
  Copyable,
  Dropdown,
  Field,
  Heading,
  Link,
  Option,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { shorten } from './format';
import type { Translate } from './i18n';
import { EXPORT_KEY_BUTTON } from './KeyExportPages';
import type { NodeNotice } from './NodeSettings';
import { NodeSettings } from './NodeSettings';
import { PaymasterSettings } from './PaymasterSettings';
import { SendButton } from './SendForm';

/** Name of the home page button that creates the first account. */
export const CREATE_ACCOUNT_BUTTON = 'create-account';

/** Name of the home page button that shows the current account in MetaMask. */
export const SHOW_IN_METAMASK_BUTTON = 'show-in-metamask';

/**
 * Whether the current account is shown in MetaMask (a keyring account, for the
 * Multichain API), can be, or just failed to be.
 */
export type MetaMaskListing = 'shown' | 'available' | 'failed';

/** Name of the home page dropdown that picks the current account. */
export const CURRENT_ACCOUNT_DROPDOWN = 'current-account';

/** An account the user can make current: its address and index. */
export type HomeAccount = { address: string; addressIndex: number };

/** One watched token's balance; `amount` undefined when the node gave none. */
export type HomeBalance = {
  symbol: string;
  /** Formatted with the token's decimals, e.g. `1.5`. */
  amount: string | undefined;
};

type Props = {
  translate: Translate;
  network: Network;
  /** The current account, undefined when the wallet has none on this network. */
  account: string | undefined;
  /** Every account of the network, in index order, to pick the current one from. */
  accounts: HomeAccount[];
  /** The node in use: its host, and whether the user chose it. */
  node: { host: string; custom: boolean; notice: NodeNotice | undefined };
  /** The paymaster in use (host '' when none), and whether the user chose it. */
  paymaster: { host: string; custom: boolean; notice: NodeNotice | undefined };
  balances: HomeBalance[];
  /** The node could not be asked at all: balances are unknown. */
  nodeUnreachable: boolean;
  /** A click on the create button just failed. */
  createFailed: boolean;
  /** The current account in MetaMask's own account list. */
  listing: MetaMaskListing;
  /** Every account of the network (HomeAccounts.tsx), when the node answered. */
  overview?: JSXElement | null;
  /** What pages were given, the account's index and removal (PageAccessSection). */
  access: JSXElement;
  /** The user's pending sends with Speed up and Cancel (PendingSends.tsx). */
  pending?: JSXElement | null;
};

/**
 * The current account: copyable, a picker when the network has several, and a link
 * to its explorer page.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.network - The current network.
 * @param props.account - The current account.
 * @param props.accounts - The network's accounts.
 * @param props.listing - Whether it is shown in MetaMask.
 * @returns The section.
 */
const AccountSection = ({
  translate,
  network,
  account,
  accounts,
  listing,
}: Pick<Props, 'translate' | 'network' | 'accounts' | 'listing'> & {
  account: string;
}): JSXElement => (
  <Section>
    <Text>{translate('home.account')}</Text>
    <Copyable value={account} />
    {accounts.length > 1 ? (
      <Field label={translate('home.switchAccount')}>
        <Dropdown name={CURRENT_ACCOUNT_DROPDOWN} value={account}>
          {accounts.map((item) => (
            <Option value={item.address}>
              {`#${item.addressIndex} ${shorten(item.address)}`}
            </Option>
          ))}
        </Dropdown>
      </Field>
    ) : null}
    <Text>
      <Link href={`${network.explorerUrl}/contract/${account}`}>
        {translate('home.viewOnExplorer')}
      </Link>
    </Text>
    {listing === 'shown' ? (
      <Text>{translate('home.shownInMetaMask')}</Text>
    ) : (
      <Button name={SHOW_IN_METAMASK_BUTTON}>
        {translate('home.showInMetaMask')}
      </Button>
    )}
    {listing === 'failed' ? (
      <Text color="error">{translate('home.showFailed')}</Text>
    ) : null}
    <Button name={EXPORT_KEY_BUTTON}>
      {translate('privateKey.exportButton')}
    </Button>
  </Section>
);

/**
 * No account yet: the button that creates the first one, and whether that just
 * failed.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.createFailed - Whether creating an account just failed.
 * @returns The section.
 */
const NoAccountSection = ({
  translate,
  createFailed,
}: Pick<Props, 'translate' | 'createFailed'>): JSXElement => (
  <Section>
    <Text>{translate('home.noAccount')}</Text>
    {createFailed ? (
      <Text color="error">{translate('home.createFailed')}</Text>
    ) : null}
    <Button name={CREATE_ACCOUNT_BUTTON}>
      {translate('home.createAccount')}
    </Button>
  </Section>
);

/**
 * The user's own settings of the current network: its node and its paymaster.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.network - The current network.
 * @param props.node - The node in use and the last node action's outcome.
 * @param props.paymaster - The paymaster in use and the last paymaster action's outcome.
 * @returns The sections.
 */
const Settings = ({
  translate,
  network,
  node,
  paymaster,
}: Pick<Props, 'translate' | 'network' | 'node' | 'paymaster'>): JSXElement => (
  <Box>
    <NodeSettings
      translate={translate}
      network={network}
      host={node.host}
      custom={node.custom}
      notice={node.notice}
    />
    <PaymasterSettings
      translate={translate}
      network={network}
      host={paymaster.host}
      custom={paymaster.custom}
      notice={paymaster.notice}
    />
  </Box>
);

/**
 * The current account's balances and the Send button, or why the node gave none.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.network - The current network.
 * @param props.balances - Balances of the watch list, in list order.
 * @param props.nodeUnreachable - Whether the node failed.
 * @returns The section, or the banner saying the node failed.
 */
const Balances = ({
  translate,
  network,
  balances,
  nodeUnreachable,
}: Pick<
  Props,
  'translate' | 'network' | 'balances' | 'nodeUnreachable'
>): JSXElement =>
  nodeUnreachable ? (
    <Banner title={translate('home.nodeUnreachableTitle')} severity="danger">
      <Text>
        {translate('home.nodeUnreachable', { network: network.name })}
      </Text>
    </Banner>
  ) : (
    <Section>
      <Text fontWeight="bold">{translate('home.balances')}</Text>
      {balances.map((balance) => (
        <Row label={balance.symbol}>
          <Text>{balance.amount ?? translate('home.balanceUnavailable')}</Text>
        </Row>
      ))}
      <SendButton translate={translate} />
    </Section>
  );

/**
 * The snap's page in MetaMask: the current network, the current account (copyable,
 * with its Voyager page, and a picker when there are several) and the balances of
 * the watched tokens; a button to create the first account when there is none; the
 * node setting.
 *
 * @param props - Page facts.
 * @param props.translate - Translator.
 * @param props.network - The current network.
 * @param props.account - The current account.
 * @param props.accounts - The network's accounts.
 * @param props.node - The node in use and the last node action's outcome.
 * @param props.paymaster - The paymaster in use and the last paymaster action's outcome.
 * @param props.balances - Balances of the watch list, in list order.
 * @param props.nodeUnreachable - Whether the node failed.
 * @param props.createFailed - Whether creating an account just failed.
 * @param props.listing - Whether the current account is shown in MetaMask.
 * @param props.overview - Every account of the network, with versions and upgrades.
 * @param props.access - The section of what pages were given.
 * @param props.pending - The pending sends, each with Speed up and Cancel.
 * @returns The page content.
 */
export const HomePage = ({
  translate,
  network,
  account,
  accounts,
  node,
  paymaster,
  balances,
  nodeUnreachable,
  createFailed,
  listing,
  overview,
  access,
  pending,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('home.title')}</Heading>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
    {account ? (
      <AccountSection
        translate={translate}
        network={network}
        account={account}
        accounts={accounts}
        listing={listing}
      />
    ) : (
      <NoAccountSection translate={translate} createFailed={createFailed} />
    )}
    {account ? (
      <Balances
        translate={translate}
        network={network}
        balances={balances}
        nodeUnreachable={nodeUnreachable}
      />
    ) : null}
    {overview ?? null}
    {pending ?? null}
    {access}
    <Settings
      translate={translate}
      network={network}
      node={node}
      paymaster={paymaster}
    />
  </Box>
);
