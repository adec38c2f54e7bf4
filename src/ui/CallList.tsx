import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { DescribedCall } from './describeCalls';
import { UNLIMITED_FROM } from './describePreview';
import { formatTokenAmount } from './format';
import type { Translate } from './i18n';
import { Value } from './Value';

type Props = {
  translate: Translate;
  calls: DescribedCall[];
  /** The signing account, labelled "your account" wherever it appears. */
  account: string;
};

type Own = { account: string; note: string };

/**
 * An ERC-20 transfer or approval of a listed token as what it does: the amount with
 * its symbol ("Unlimited" for an approval the preview calls so) and the counterparty.
 * Its calldata is exactly these, so no raw row repeats them in base units. A token a
 * page added is marked unverified, with that page.
 *
 * @param props - The call.
 * @param props.translate - Translator.
 * @param props.erc20 - The decoded transfer or approval.
 * @param props.own - The signing account and its note.
 * @returns The rows.
 */
const Erc20Rows = ({
  translate,
  erc20,
  own,
}: {
  translate: Translate;
  erc20: NonNullable<DescribedCall['erc20']>;
  own: Own;
}): JSXElement => (
  <Box>
    <Row label={translate(`calls.${erc20.kind}`)}>
      <Text>
        {erc20.kind === 'approve' && erc20.amount >= UNLIMITED_FROM
          ? translate('preview.unlimited')
          : formatTokenAmount(erc20.amount, erc20, translate)}
      </Text>
    </Row>
    <Row
      label={translate(
        erc20.kind === 'transfer' ? 'calls.recipient' : 'calls.spender',
      )}
    >
      <Value value={erc20.counterparty} own={own} />
    </Row>
    {erc20.addedBy === undefined ? null : (
      <Text color="warning">
        {translate('preview.pageToken', {
          symbol: erc20.symbol,
          origin: erc20.addedBy || translate('addToken.aPage'),
        })}
      </Text>
    )}
  </Box>
);

/**
 * A call's arguments: named by its ABI (addresses in hex, shortened with the whole
 * value in a tooltip; numbers in decimal), else raw felts, each whole (never cut).
 *
 * @param props - The call.
 * @param props.translate - Translator.
 * @param props.call - The call.
 * @param props.own - The signing account and its note.
 * @returns The rows.
 */
const ArgumentRows = ({
  translate,
  call,
  own,
}: {
  translate: Translate;
  call: DescribedCall;
  own: Own;
}): JSXElement => (
  <Box>
    {call.args
      ? call.args.map((arg) => (
          <Row label={arg.name}>
            <Value value={arg.value} own={own} />
          </Row>
        ))
      : call.calldata.map((felt, at) => (
          <Row label={`${translate('calls.calldata')} ${at}`}>
            <Value value={felt} own={own} whole />
          </Row>
        ))}
  </Box>
);

/**
 * Every call of a transaction: ERC-20 transfers and approvals of listed tokens as
 * amount and counterparty, other calls as contract, entrypoint and arguments; the
 * signing account labelled as the user's wherever it appears.
 *
 * @param props - The calls.
 * @param props.translate - Translator.
 * @param props.calls - Described calls.
 * @param props.account - The signing account.
 * @returns The list.
 */
export const CallList = ({ translate, calls, account }: Props): JSXElement => {
  const own = { account, note: translate('calls.yourAccount') };
  return (
    <Box>
      {calls.map((call, index) => (
        <Section>
          <Text fontWeight="bold">
            {translate('calls.title', {
              index: index + 1,
              count: calls.length,
            })}
          </Text>
          {call.erc20 ? (
            <Erc20Rows translate={translate} erc20={call.erc20} own={own} />
          ) : null}
          <Row label={translate('calls.contract')}>
            <Value value={call.contractAddress} own={own} />
          </Row>
          <Row label={translate('calls.entrypoint')}>
            <Text>{call.entrypoint}</Text>
          </Row>
          {call.unverified ? (
            <Text color="warning">{translate('calls.unverified')}</Text>
          ) : null}
          {call.erc20 ? null : (
            <ArgumentRows translate={translate} call={call} own={own} />
          )}
        </Section>
      ))}
    </Box>
  );
};
