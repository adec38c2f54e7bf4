import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Button, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import { shorten } from './format';
import type { Translate } from './i18n';
import { Value } from './Value';

/**
 * Button name prefix of the home page's replacement buttons; the mode and the send's
 * hash follow (`replace:speedUp:0x…`, `replace:cancel:0x…`), so one click names what
 * to replace and how, with nothing kept between renders.
 */
export const REPLACE_BUTTON_PREFIX = 'replace:';

/** What a replacement button does, as `snapnet_replaceTransaction` names it. */
export type ReplaceMode = 'speedUp' | 'cancel';

/** One of the user's sends the node may still hold, as the home page lists it. */
export type PendingSend = {
  /** The send's transaction hash. */
  hash: string;
  /** The account that sent it. */
  sender: string;
  /** The nonce it took (hex, as stored). */
  nonce: string;
};

type Props = {
  translate: Translate;
  sends: readonly PendingSend[];
  /** What the last Speed up or Cancel did. */
  notice?: { text: string; error: boolean } | undefined;
};

/**
 * The name of one replacement button: the mode and the hash, parsed back by the
 * home page's click handler.
 *
 * @param mode - Speed up or cancel.
 * @param hash - The pending send.
 * @returns The button name.
 */
export function replaceButtonName(mode: ReplaceMode, hash: string): string {
  return `${REPLACE_BUTTON_PREFIX}${mode}:${hash}`;
}

/**
 * The user's sends still pending on the current network, each with "Speed up" and
 * "Cancel", so a send stuck under a risen gas price can be replaced from the wallet
 * itself, without the dapp that made it. Nothing is shown when no send is pending and
 * nothing just happened.
 *
 * @param props - The sends.
 * @param props.translate - Translator.
 * @param props.sends - The pending sends, oldest first.
 * @param props.notice - What the last replacement did.
 * @returns The section, or null when there is nothing to show.
 */
export const PendingSends = ({
  translate,
  sends,
  notice,
}: Props): JSXElement | null =>
  sends.length === 0 && !notice ? null : (
    <Section>
      <Text fontWeight="bold">{translate('home.pendingSends')}</Text>
      {notice ? (
        <Text color={notice.error ? 'error' : 'default'}>{notice.text}</Text>
      ) : null}
      {sends.map((send) => (
        <Box>
          <Row label={translate('common.nonce')}>
            <Text>{BigInt(send.nonce).toString()}</Text>
          </Row>
          <Value value={send.hash} />
          <Row label={translate('home.pendingFrom')}>
            <Text>{shorten(send.sender)}</Text>
          </Row>
          <Box direction="horizontal">
            <Button name={replaceButtonName('speedUp', send.hash)}>
              {translate('home.speedUp')}
            </Button>
            <Button name={replaceButtonName('cancel', send.hash)}>
              {translate('home.cancelSend')}
            </Button>
          </Box>
        </Box>
      ))}
    </Section>
  );
