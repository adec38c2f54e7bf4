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

/** Names of the node setting's form, input and buttons (read by onUserInput). */
export const NODE_FORM = 'node-form';
export const NODE_URL_INPUT = 'node-url';
export const SAVE_NODE_BUTTON = 'save-node';
export const RESET_NODE_BUTTON = 'reset-node';

/** What the last node action did, already in the user's words. */
export type NodeNotice = { text: string; error: boolean };

type Props = {
  translate: Translate;
  network: Network;
  /** Host of the node in use; never the full URL, which may hold an API key. */
  host: string;
  /** Whether the user chose the node (else it is the build-time default). */
  custom: boolean;
  notice: NodeNotice | undefined;
};

/**
 * The home page's node setting: which node the current network uses, a form to
 * choose another (checked before it is saved) and a reset to the default.
 *
 * @param props - Section facts.
 * @param props.translate - Translator.
 * @param props.network - The current network.
 * @param props.host - Host of the node in use.
 * @param props.custom - Whether it is the user's choice.
 * @param props.notice - Outcome of the last node action, if any.
 * @returns The section.
 */
export const NodeSettings = ({
  translate,
  network,
  host,
  custom,
  notice,
}: Props): JSXElement => (
  <Section>
    <Row label={translate('home.node.current', { network: network.name })}>
      <Text>
        {translate(custom ? 'home.node.custom' : 'home.node.default', { host })}
      </Text>
    </Row>
    {notice ? (
      <Text color={notice.error ? 'error' : 'success'}>{notice.text}</Text>
    ) : null}
    <Form name={NODE_FORM}>
      <Field label={translate('home.node.url')}>
        <Input name={NODE_URL_INPUT} placeholder="https://" />
      </Field>
      <Button type="submit" name={SAVE_NODE_BUTTON}>
        {translate('home.node.save')}
      </Button>
    </Form>
    {custom ? (
      <Button name={RESET_NODE_BUTTON}>{translate('home.node.reset')}</Button>
    ) : null}
  </Section>
);
