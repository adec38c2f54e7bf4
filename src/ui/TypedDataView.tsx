import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Row, Section, Text } from '@metamask/snaps-sdk/jsx';
import { isObject } from '@metamask/utils';

import { Value } from './Value';

/** Nesting shown before the rest of a branch is given as JSON text. */
const MAX_DEPTH = 4;

type Props = { value: unknown; depth?: number };

/**
 * A typed-data message as readable fields: structs as labelled rows (nested structs
 * in their own sections), arrays item by item, long values shortened with the full
 * text reachable.
 *
 * @param props - The message.
 * @param props.value - The message or a nested part of it.
 * @param props.depth - Current nesting.
 * @returns The element.
 */
export const TypedDataView = ({ value, depth = 0 }: Props): JSXElement => {
  if (Array.isArray(value)) {
    return (
      <Box>
        {value.map((item, index) => (
          // eslint-disable-next-line @typescript-eslint/no-use-before-define -- mutual recursion
          <Field label={`[${index}]`} value={item} depth={depth} />
        ))}
      </Box>
    );
  }
  if (isObject(value)) {
    return (
      <Box>
        {Object.entries(value).map(([key, item]) => (
          // eslint-disable-next-line @typescript-eslint/no-use-before-define -- mutual recursion
          <Field label={key} value={item} depth={depth} />
        ))}
      </Box>
    );
  }
  return <Value value={String(value)} />;
};

type FieldProps = { label: string; value: unknown; depth: number };

/**
 * One field: a row for a scalar, a titled section for a struct or array.
 *
 * @param props - The field.
 * @param props.label - Field name.
 * @param props.value - Field value.
 * @param props.depth - Current nesting.
 * @returns The element.
 */
const Field = ({ label, value, depth }: FieldProps): JSXElement => {
  if (Array.isArray(value) || isObject(value)) {
    if (depth >= MAX_DEPTH) {
      return (
        <Row label={label}>
          <Value value={JSON.stringify(value)} />
        </Row>
      );
    }
    return (
      <Section>
        <Text fontWeight="bold">{label}</Text>
        <TypedDataView value={value} depth={depth + 1} />
      </Section>
    );
  }
  return (
    <Row label={label}>
      <Value value={String(value)} />
    </Row>
  );
};
