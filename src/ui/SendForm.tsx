import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  Banner,
  Box,
  Button,
  Field,
  Form,
  Heading,
  Input,
  Option,
  Dropdown,
  Row,
  Text,
} from '@metamask/snaps-sdk/jsx';

import type { Translate } from './i18n';

/** Names of the send form's parts (read by onUserInput, src/home/sendForm.ts). */
export const SEND_OPEN_BUTTON = 'send-open';
export const SEND_FORM = 'send-form';
export const SEND_RECIPIENT = 'send-recipient';
export const SEND_TOKEN = 'send-token';
export const SEND_AMOUNT = 'send-amount';
export const SEND_REVIEW_BUTTON = 'send-review';
export const SEND_CLOSE_BUTTON = 'send-close';

/** A token the form offers: the watch list's, with the account's balance. */
export type SendToken = {
  address: string;
  symbol: string;
  /** The balance in whole units (exact), e.g. `1.5`. */
  balance: string;
};

/** What the user typed, and what is wrong with it, field by field. */
export type SendValues = {
  recipient: string;
  token: string;
  amount: string;
};
export type SendErrors = Partial<Record<keyof SendValues, string>>;

/**
 * The home page's button that opens the send form.
 *
 * @param props - Button facts.
 * @param props.translate - Translator.
 * @returns The button.
 */
export const SendButton = ({
  translate,
}: {
  translate: Translate;
}): JSXElement => (
  <Button name={SEND_OPEN_BUTTON}>{translate('send.open')}</Button>
);

type Props = {
  translate: Translate;
  network: string;
  sender: string;
  tokens: SendToken[];
  values: SendValues;
  errors: SendErrors;
  /** What the last submission did (sent, refused), shown above the form. */
  outcome?: { text: string; error: boolean } | undefined;
};

/**
 * The send form of the home page: recipient, one of the watch list's tokens (with the
 * balance), amount; each field's problem shown under it as the user types, so a bad
 * recipient or an amount above the balance is named before anything is asked of the
 * node. Review opens the same review dialog as a dapp's executeTxn.
 *
 * @param props - Form facts.
 * @param props.translate - Translator.
 * @param props.network - The network's name.
 * @param props.sender - The current account.
 * @param props.tokens - The tokens offered.
 * @param props.values - What the user typed.
 * @param props.errors - Problems, by field.
 * @param props.outcome - What the last submission did.
 * @returns The form page.
 */
export const SendForm = ({
  translate,
  network,
  sender,
  tokens,
  values,
  errors,
  outcome,
}: Props): JSXElement => (
  <Box>
    <Heading>{translate('send.title', { network })}</Heading>
    <Row label={translate('send.from')}>
      <Text>{sender}</Text>
    </Row>
    {outcome ? (
      <Banner
        title={translate(outcome.error ? 'send.failed' : 'send.sent')}
        severity={outcome.error ? 'danger' : 'success'}
      >
        <Text>{outcome.text}</Text>
      </Banner>
    ) : null}
    <Form name={SEND_FORM}>
      <Field label={translate('send.recipient')} error={errors.recipient}>
        <Input
          name={SEND_RECIPIENT}
          value={values.recipient}
          placeholder="0x…"
        />
      </Field>
      <Field label={translate('send.token')} error={errors.token}>
        <Dropdown name={SEND_TOKEN} value={values.token}>
          {tokens.map((token) => (
            <Option value={token.address}>
              {translate('send.tokenOption', {
                symbol: token.symbol,
                balance: token.balance,
              })}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={translate('send.amount')} error={errors.amount}>
        <Input name={SEND_AMOUNT} value={values.amount} placeholder="0.0" />
      </Field>
      <Button name={SEND_REVIEW_BUTTON} type="submit">
        {translate('send.review')}
      </Button>
    </Form>
    <Button name={SEND_CLOSE_BUTTON}>{translate('send.close')}</Button>
  </Box>
);
