import type { Preview } from '../starknet/review/preview';
import type { ShownToken } from '../starknet/review/tokenReads';
import { looksAlike } from '../starknet/tokens/lookAlike';
import { knownContractName } from '../starknet/tokens/tokens';
import { formatAmount, formatSignedAmount, shorten } from './format';
import type { Translate } from './i18n';

/** An approval of 2^128 or more is, for any real token, all the account will ever hold. */
export const UNLIMITED_FROM = 2n ** 128n;

/** Longest symbol shown from a contract's own answer; longer ones are cut with `…`. */
export const CONTRACT_SYMBOL_MAX = 12;

/** One balance change as the dialog shows it. */
export type ShownChange = {
  /** The listed token's symbol; the short address of any other token. */
  token: string;
  /** E.g. `-1.5 STRK`; raw units when the token's decimals are unknown. */
  amount: string;
  /** Set for a token the user did not list: its symbol is only the contract's word. */
  unverified?: true;
  /** Set for a token a page added: never trusted, shown with that page. */
  addedBy?: string;
};

/** One approval as the dialog shows it. */
export type ShownApproval = {
  spender: string;
  /** The snap's own name for the spender (knownContractName), never a page's or a contract's. */
  spenderName: string | undefined;
  token: string;
  /** The amount with its symbol, or the word for unlimited. */
  amount: string;
  unlimited: boolean;
};

/** A token whose symbol looks like another listed token's: the fake-swap trick. */
export type Imitation = { address: string; symbol: string };

/** NFTs moving, operators approved: the rows of nftRows.ts. */
export type DescribedNfts = {
  /** E.g. `{ collection: '0x0000…05e1', tokenId: '7', amount: '-1' }`. */
  moves: { collection: string; tokenId: string; amount: string }[];
  /** Whole-collection operators (full addresses); `approved: false` revokes. */
  operators: { collection: string; operator: string; approved: boolean }[];
  /** Single ERC-721 tokens a spender may move (full addresses). */
  approvals: { collection: string; spender: string; tokenId: string }[];
  /** Events the snap could not read. */
  unreadEvents: number;
};

/** What a preview says, ready to render. */
export type DescribedPreview = {
  nfts: DescribedNfts;
  changes: ShownChange[];
  approvals: ShownApproval[];
  revertReason: string | undefined;
  /** Tokens whose symbol looks like a listed token's at another address (a warning each). */
  imitations: Imitation[];
  /** Changes to the account itself (owner, guardian, class…): a danger element. */
  accountChanges: string[];
};

/** The tokens a preview can name: the user's, and the others as their contracts say. */
export type PreviewTokens = {
  listed: readonly ShownToken[];
  unlisted: readonly ShownToken[];
};

/**
 * Text from a contract made safe to show: control and format characters (bidi
 * overrides such as U+202E, zero-width marks) removed, and cut to a length.
 *
 * @param text - What the contract answered.
 * @param max - Most characters kept.
 * @returns The cleaned text.
 */
export function contractText(text: string, max: number): string {
  const clean = [...text.replace(/\p{C}/gu, '')];
  return clean.length > max
    ? `${clean.slice(0, max - 1).join('')}…`
    : clean.join('');
}

/** Most characters of a node's reason (refusal, revert) a dialog shows. */
export const NODE_REASON_MAX = 600;

/**
 * A node's reason made safe to show: line breaks and runs of spaces as one space, then
 * as {@link contractText} (no control or format characters, cut to a length). A node
 * is no more trusted than a contract with what a dialog says.
 *
 * @param text - What the node answered.
 * @returns The cleaned text.
 */
export function nodeText(text: string): string {
  return contractText(text.replace(/\s+/gu, ' ').trim(), NODE_REASON_MAX);
}

/**
 * Finds a token by address.
 *
 * @param tokens - Tokens.
 * @param address - The address.
 * @returns The token, if there.
 */
function tokenAt(
  tokens: readonly ShownToken[],
  address: string,
): ShownToken | undefined {
  return tokens.find((token) => BigInt(token.address) === BigInt(address));
}

/**
 * How a token is labelled: one of the snap's own list by its symbol; one a page added
 * by its symbol, unverified, with that page (`addedBy`); any other by its short
 * address, its contract's symbol (cleaned) only beside the amount, marked unverified.
 *
 * @param tokens - Listed and unlisted tokens.
 * @param address - The token.
 * @returns Label, unit and decimals, whether it is unverified, and its page.
 */
function labelOf(
  tokens: PreviewTokens,
  address: string,
): {
  label: string;
  unit: string;
  decimals: number;
  unverified: boolean;
  addedBy?: string;
} {
  const listed = tokenAt(tokens.listed, address);
  if (listed) {
    const symbol = contractText(listed.symbol, CONTRACT_SYMBOL_MAX);
    return {
      ...listed,
      label: symbol,
      unit: symbol,
      unverified: listed.addedBy !== undefined,
    };
  }
  const read = tokenAt(tokens.unlisted, address);
  return {
    label: shorten(address),
    unit: read ? contractText(read.symbol, CONTRACT_SYMBOL_MAX) : '',
    decimals: read?.decimals ?? 0,
    unverified: true,
  };
}

/**
 * The words for the page that added a token ("a site" when not recorded).
 *
 * @param addedBy - The recorded origin.
 * @param translate - Translator.
 * @returns The origin, or the words.
 */
function pageOf(addedBy: string, translate: Translate): string {
  return addedBy === '' ? translate('addToken.aPage') : addedBy;
}

/**
 * Turns a simulation's reading into the rows of the confirmation: amounts in the
 * user's language; a token the user did not list shown by its address and marked
 * unverified, with a warning when its symbol is a listed token's; spenders named only
 * from the user's list; unlimited approvals named so.
 *
 * @param preview - The simulation's reading.
 * @param tokens - Listed tokens and the unlisted ones read from their contracts.
 * @param translate - Translator of the user's language.
 * @returns The rows.
 */
export function describePreview(
  preview: Preview,
  tokens: PreviewTokens,
  translate: Translate,
): DescribedPreview {
  const changes = [...preview.balanceChanges].map(([address, delta]) => {
    const shown = labelOf(tokens, address);
    const amount = formatSignedAmount(delta, shown.decimals, translate);
    return {
      token: shown.label,
      amount: shown.unit ? `${amount} ${shown.unit}` : amount,
      ...(shown.unverified ? { unverified: true as const } : {}),
      ...(shown.addedBy === undefined
        ? {}
        : { addedBy: pageOf(shown.addedBy, translate) }),
    };
  });
  const approvals = preview.approvals.map((approval) => {
    const shown = labelOf(tokens, approval.token);
    const unlimited = approval.amount >= UNLIMITED_FROM;
    const unit = shown.unit || shown.label;
    return {
      spender: approval.spender,
      spenderName: knownContractName(approval.spender),
      token:
        shown.addedBy === undefined
          ? shown.label
          : translate('preview.pageToken', {
              symbol: shown.label,
              origin: pageOf(shown.addedBy, translate),
            }),
      amount: unlimited
        ? translate('preview.unlimited')
        : `${formatAmount(approval.amount, shown.decimals, translate)} ${unit}`,
      unlimited,
    };
  });
  return {
    changes,
    approvals,
    revertReason:
      preview.revertReason === undefined
        ? undefined
        : nodeText(preview.revertReason),
    imitations: imitationsIn(preview, tokens),
    accountChanges: preview.accountChanges,
    nfts: describeNfts(preview),
  };
}

/**
 * The tokens of a preview whose symbol looks like (looksAlike) a listed token's at
 * another address: an unlisted one by its contract's word, or a listed one a page
 * added before look-alikes were refused (never one of the snap's own tokens).
 *
 * @param preview - The simulation's reading.
 * @param tokens - Listed tokens and the unlisted ones read from their contracts.
 * @returns One imitation per such token.
 */
function imitationsIn(preview: Preview, tokens: PreviewTokens): Imitation[] {
  const moved = new Set(
    [
      ...preview.balanceChanges.keys(),
      ...preview.approvals.map((approval) => approval.token),
    ].map((address) => BigInt(address)),
  );
  return [...tokens.unlisted, ...tokens.listed]
    .filter(
      (token) =>
        moved.has(BigInt(token.address)) &&
        knownContractName(token.address) === undefined,
    )
    .filter((token) =>
      // Any listed token's symbol counts here: two page-added tokens that read the
      // same are both kept, each then shown with its address and this warning.
      tokens.listed.some(
        (other) =>
          BigInt(other.address) !== BigInt(token.address) &&
          looksAlike(contractText(token.symbol, 64), other.symbol),
      ),
    )
    .map((token) => ({
      address: token.address,
      symbol: contractText(token.symbol, CONTRACT_SYMBOL_MAX),
    }));
}

/**
 * The NFT side of a preview: ids with all their digits, counts signed.
 *
 * @param preview - The simulation's reading.
 * @returns The NFT rows.
 */
function describeNfts(preview: Preview): DescribedNfts {
  return {
    moves: preview.nftChanges.map((nft) => ({
      collection: shorten(nft.collection),
      tokenId: nft.tokenId.toString(),
      amount: `${nft.amount > 0n ? '+' : ''}${nft.amount.toString()}`,
    })),
    operators: preview.operators,
    approvals: preview.nftApprovals.map((approval) => ({
      ...approval,
      tokenId: approval.tokenId.toString(),
    })),
    unreadEvents: preview.unreadEvents,
  };
}
