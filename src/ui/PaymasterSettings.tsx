import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Button,
  Field,
  Form,
  Input,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';

import type { Network } from '../starknet/node/networks';
import type { Translate } from './i18n';
import type { NodeNotice } from './NodeSettings';

/** Names of the paymaster setting's form, input and buttons (read by onUserInput). */
export const PAYMASTER_FORM = 'paymaster-form';
export const PAYMASTER_URL_INPUT = 'paymaster-url';
export const SAVE_PAYMASTER_BUTTON = 'save-paymaster';
export const RESET_PAYMASTER_BUTTON = 'reset-paymaster';

type Props = {
  translate: Translate;
  network: Network;
  /** Host of the paymaster in use; empty when there is none. Never the full URL. */
  host: string;
  /** Whether the user chose it (else it is the build-time default). */
  custom: boolean;
  notice: NodeNotice | undefined;
};

/**
 * The home page's paymaster setting (fees paid in another token, SNIP-29): which
 * paymaster the current network uses, a form to choose another (checked with
 * `paymaster_isAvailable` before it is saved) and a reset to the default.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.network - The current network.
 * @param props.host - Host of the paymaster in use.
 * @param props.custom - Whether it is the user's choice.
 * @param props.notice - Outcome of the last paymaster action, if any.
 * @returns The section.
 */
export const PaymasterSettings = ({
  translate,
  network,
  host,
  custom,
  notice,
}: Props): JSXElement => (
  <Section>
    <Row label={translate('home.paymaster.current', { network: network.name })}>
      <Text>
        {host === ''
          ? translate('home.paymaster.none')
          : translate(
              custom ? 'home.paymaster.custom' : 'home.paymaster.default',
              { host },
            )}
      </Text>
    </Row>
    {notice ? (
      <Text color={notice.error ? 'error' : 'success'}>{notice.text}</Text>
    ) : null}
    <Form name={PAYMASTER_FORM}>
      <Field label={translate('home.paymaster.url')}>
        <Input name={PAYMASTER_URL_INPUT} placeholder="https://" />
      </Field>
      <Button type="submit" name={SAVE_PAYMASTER_BUTTON}>
        {translate('home.paymaster.save')}
      </Button>
    </Form>
    {custom ? (
      <Button name={RESET_PAYMASTER_BUTTON}>
        {translate('home.paymaster.reset')}
      </Button>
    ) : null}
  </Section>
);
