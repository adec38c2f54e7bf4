import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Banner, Copyable, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { OutsideExecution } from '../starknet/outsideExecution';
import type { Translate } from './i18n';

/** A window ending further ahead than this gets a warning. */
export const LONG_WINDOW_SECONDS = 24n * 60n * 60n;

/** Latest time a JS Date can show (ms): later u64 times are shown in seconds. */
const MAX_DATE_MS = 8_640_000_000_000_000n;

/**
 * A Unix time as a date and time in UTC (`2030-03-17 17:46:40 UTC`), or in seconds
 * when it is beyond what a date can show.
 *
 * @param seconds - Unix seconds.
 * @returns The text.
 */
export function formatUnixTime(seconds: bigint): string {
  if (seconds * 1000n > MAX_DATE_MS) {
    return `${seconds.toString()} s`;
  }
  const iso = new Date(Number(seconds) * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

type Props = {
  translate: Translate;
  execution: OutsideExecution;
  /** Unix seconds now, to tell how far ahead the window ends. */
  now: bigint;
};

/**
 * What only an outside execution has, shown before the simulated effects: who may
 * submit it (anyone → a danger element), its time window (a warning when it ends more
 * than 24 hours ahead), its SNIP-9 version and nonce.
 *
 * @param props - The facts.
 * @param props.translate - Translator.
 * @param props.execution - The outside execution as hashed.
 * @param props.now - Unix seconds now.
 * @returns The notice elements, in order.
 */
export function outsideExecutionNotices({
  translate,
  execution,
  now,
}: Props): JSXElement[] {
  const until = formatUnixTime(execution.executeBefore);
  const notices: JSXElement[] = [];
  if (execution.anyCaller) {
    notices.push(
      <Banner
        title={translate('outsideExecution.anyoneTitle')}
        severity="danger"
      >
        <Text>{translate('outsideExecution.anyoneBody')}</Text>
      </Banner>,
    );
  }
  if (execution.executeBefore - now > LONG_WINDOW_SECONDS) {
    notices.push(
      <Banner
        title={translate('outsideExecution.longTitle')}
        severity="warning"
      >
        <Text>{translate('outsideExecution.longBody', { until })}</Text>
      </Banner>,
    );
  }
  notices.push(
    <Section>
      <Row label={translate('outsideExecution.caller')}>
        <Text>
          {execution.anyCaller
            ? translate('outsideExecution.anyone')
            : execution.caller}
        </Text>
      </Row>
      {execution.anyCaller ? null : <Copyable value={execution.caller} />}
      <Row label={translate('outsideExecution.after')}>
        <Text>{formatUnixTime(execution.executeAfter)}</Text>
      </Row>
      <Row label={translate('outsideExecution.before')}>
        <Text>{until}</Text>
      </Row>
      <Row label={translate('outsideExecution.version')}>
        <Text>{execution.version}</Text>
      </Row>
      <Row label={translate('outsideExecution.nonce')}>
        <Text>{execution.nonce}</Text>
      </Row>
    </Section>,
  );
  return notices;
}

/**
 * The fee section of an outside execution: the user pays none, whoever submits does.
 *
 * @param props - Translator.
 * @param props.translate - Translator.
 * @returns The section.
 */
export const NoFeeSection = ({
  translate,
}: {
  translate: Translate;
}): JSXElement => (
  <Section>
    <Text>{translate('outsideExecution.noFee')}</Text>
  </Section>
);
