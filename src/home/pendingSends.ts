import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { is, string, type } from '@metamask/superstruct';

import { UserRejected } from '../errors';
import type { Services } from '../rpc/context';
import { USER_ORIGIN } from '../rpc/context';
import { routes } from '../rpc/handlers';
import { isPaymasterRecord, isUnfinished, recordsOf } from '../state/records';
import type { SnapState } from '../state/types';
import type { Translate } from '../ui/i18n';
import { getTranslate } from '../ui/i18n';
import type { PendingSend, ReplaceMode } from '../ui/PendingSends';
import { PendingSends, REPLACE_BUTTON_PREFIX } from '../ui/PendingSends';

/** What the last Speed up or Cancel did, shown once on the page it leads to. */
export type ReplaceNotice = { text: string; error: boolean };

/** What a replacement button's name says: `replace:<mode>:<hash>`. */
const REPLACE_BUTTON = /^replace:(speedUp|cancel):(0x[0-9a-f]{1,64})$/iu;

/**
 * The user's sends on one network that a replacement may still reach: invokes whose
 * status can still change, that took an account nonce (a paymaster's relayed send took
 * none, so nothing can replace it at a nonce). Every stored record is a send of one of
 * the seed's accounts, listed or not on the page, so all are the user's.
 *
 * @param state - The snap state.
 * @param chainId - The network.
 * @returns The sends, per account, oldest first.
 */
export function pendingSendsOf(
  state: SnapState,
  chainId: string,
): PendingSend[] {
  return recordsOf(state, chainId).flatMap((record) =>
    record.txnType === 'invoke' &&
    record.nonce !== undefined &&
    isUnfinished(record) &&
    !isPaymasterRecord(record)
      ? [
          {
            hash: record.txnHash,
            sender: record.senderAddress,
            nonce: record.nonce,
          },
        ]
      : [],
  );
}

/**
 * The home page's section of pending sends, with their Speed up and Cancel buttons,
 * built from state alone so the page costs no extra node request.
 *
 * @param state - The snap state.
 * @param chainId - The current network.
 * @param translate - Translator.
 * @param notice - What the last replacement did.
 * @returns The section, or null when there is nothing to show.
 */
export function pendingSendsSection(
  state: SnapState,
  chainId: string,
  translate: Translate,
  notice?: ReplaceNotice,
): JSXElement | null {
  return PendingSends({
    translate,
    sends: pendingSendsOf(state, chainId),
    notice,
  });
}

/**
 * Whether a button is one of the pending sends' Speed up or Cancel buttons.
 *
 * @param name - The button name.
 * @returns True for a replacement button.
 */
export function isReplaceButton(name: string): boolean {
  return name.startsWith(REPLACE_BUTTON_PREFIX);
}

/**
 * The home page's Speed up or Cancel on one pending send: the same flow as a dapp's
 * `snapnet_replaceTransaction` (its checks, its dialog, its records), asked by MetaMask
 * itself (origin `metamask`, which sees every account of the user) on the current
 * network. The caller shows the page again with what happened, so this module needs
 * nothing of the page's own.
 *
 * @param services - State store and send lock.
 * @param name - The button name, naming the mode and the send.
 * @returns What happened, in the user's words; undefined for a malformed name.
 */
export async function replaceFromHome(
  services: Services,
  name: string,
): Promise<ReplaceNotice | undefined> {
  const match = REPLACE_BUTTON.exec(name);
  if (!match) {
    return undefined;
  }
  const mode = match[1] as ReplaceMode;
  const txnHash = match[2] ?? '';
  const translate = await getTranslate();
  try {
    // No chainId: the request is about the current network, the one the page lists.
    const sent = await routes.snapnet_replaceTransaction(
      { txnHash, mode },
      {
        origin: USER_ORIGIN,
        method: 'snapnet_replaceTransaction',
        ...services,
      },
    );
    const hash = is(sent, type({ transaction_hash: string() }))
      ? sent.transaction_hash
      : '';
    return { text: translate('home.replaced', { hash }), error: false };
  } catch (error) {
    if (error instanceof UserRejected) {
      return { text: translate('home.replaceRejected'), error: true };
    }
    return {
      text: error instanceof Error ? error.message : String(error),
      error: true,
    };
  }
}
