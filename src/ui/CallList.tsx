import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { DescribedCall } from './describeCalls';
import { formatTokenAmount } from './format';
import type { Translate } from './i18n';
import { Value } from './Value';

type Props = { translate: Translate; calls: DescribedCall[] };

/**
 * Every call of a transaction: ERC-20 transfers and approvals as amount and
 * counterparty, other calls as contract, entrypoint and calldata.
 *
 * @param props - The calls.
 * @param props.translate - Translator.
 * @param props.calls - Described calls.
 * @returns The list.
 */
export const CallList = ({ translate, calls }: Props): JSXElement => (
  <Box>
    {calls.map((call, index) => (
      <Section>
        <Text fontWeight="bold">
          {translate('calls.title', { index: index + 1, count: calls.length })}
        </Text>
        {call.erc20 ? (
          <Box>
            <Row label={translate(`calls.${call.erc20.kind}`)}>
              <Text>
                {formatTokenAmount(call.erc20.amount, call.erc20, translate)}
              </Text>
            </Row>
            <Row
              label={translate(
                call.erc20.kind === 'transfer'
                  ? 'calls.recipient'
                  : 'calls.spender',
              )}
            >
              <Value value={call.erc20.counterparty} />
            </Row>
          </Box>
        ) : null}
        <Row label={translate('calls.contract')}>
          <Value value={call.contractAddress} />
        </Row>
        <Row label={translate('calls.entrypoint')}>
          <Text>{call.entrypoint}</Text>
        </Row>
        {call.unverified ? (
          <Text color="warning">{translate('calls.unverified')}</Text>
        ) : null}
        {call.args
          ? call.args.map((arg) => (
              <Row label={arg.name}>
                <Value value={arg.value} />
              </Row>
            ))
          : call.calldata.map((felt, at) => (
              <Row label={`${translate('calls.calldata')} ${at}`}>
                <Value value={felt} />
              </Row>
            ))}
      </Section>
    ))}
  </Box>
);
