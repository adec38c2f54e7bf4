import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Box,
  Dropdown,
  Field,
  Heading,
  Option,
  Row,
  Text,
} from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import { shorten } from './format';
import type { Translate } from './i18n';

/** Name of the connect dialog's account picker (its state is read on approval). */
export const CONNECT_ACCOUNT_DROPDOWN = 'connect-account';

/** The picker's value for "create a new account" instead of an existing one. */
export const NEW_ACCOUNT_CHOICE = 'new';

type ConnectProps = {
  translate: Translate;
  origin: string;
  network: Network;
  /** The user's accounts of the network, in index order. */
  accounts: { address: string; addressIndex: number }[];
  /** Preselected: the user's current account, else the new one. */
  selected: string;
  /** The index a new account would get. */
  newIndex: number;
};

/**
 * Asks the user which account a page may use on a network (accounts per page, so sites
 * cannot link the user): the page sees
 * only the account picked here, never the others.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The page.
 * @param props.network - The network.
 * @param props.accounts - The user's accounts.
 * @param props.selected - The preselected choice.
 * @param props.newIndex - The index of a new account.
 * @returns The dialog content.
 */
export const ConnectDialog = ({
  translate,
  origin,
  network,
  accounts,
  selected,
  newIndex,
}: ConnectProps): JSXElement => (
  <Box>
    <Heading>{translate('connect.title')}</Heading>
    <Text>{translate('connect.body', { origin })}</Text>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
    <Field label={translate('common.account')}>
      <Dropdown name={CONNECT_ACCOUNT_DROPDOWN} value={selected}>
        {[
          ...accounts.map((item) => (
            <Option value={item.address}>
              {`#${item.addressIndex} ${shorten(item.address)}`}
            </Option>
          )),
          <Option value={NEW_ACCOUNT_CHOICE}>
            {translate('connect.newAccount', { index: String(newIndex) })}
          </Option>,
        ]}
      </Dropdown>
    </Field>
  </Box>
);

type RecoverProps = {
  translate: Translate;
  origin: string;
  network: Network;
  /** First index scanned. */
  start: number;
  /** How many indexes at most. */
  count: number;
};

/**
 * Asks the user before a page scans the seed's accounts: the addresses found are
 * given to the page only if the user approves.
 *
 * @param props - Dialog facts.
 * @param props.translate - Translator.
 * @param props.origin - The page.
 * @param props.network - The network.
 * @param props.start - First index.
 * @param props.count - Indexes scanned at most.
 * @returns The dialog content.
 */
export const RecoverDialog = ({
  translate,
  origin,
  network,
  start,
  count,
}: RecoverProps): JSXElement => (
  <Box>
    <Heading>{translate('recover.title')}</Heading>
    <Text>
      {translate('recover.body', {
        origin,
        count: String(count),
        first: String(start),
        last: String(start + count - 1),
      })}
    </Text>
    <Row label={translate('common.network')}>
      <Text>{network.name}</Text>
    </Row>
  </Box>
);
