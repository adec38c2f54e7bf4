import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Box, Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { TypedDataNode } from './describeTypedData';
import type { Translate } from './i18n';
import { Value } from './Value';

type Props = { nodes: TypedDataNode[]; translate: Translate };

/**
 * Typed-data values as they are hashed (see `describeTypedData`): structs and arrays
 * in their own sections, scalars as rows, text in quotes and marked as text so a
 * number-looking text cannot pass for a number.
 *
 * @param props - The nodes.
 * @param props.nodes - What `describeTypedData` made of a struct.
 * @param props.translate - Translator.
 * @returns The element.
 */
export const TypedDataView = ({ nodes, translate }: Props): JSXElement => (
  <Box>
    {nodes.map((node) => {
      if ('children' in node) {
        return (
          <Section>
            <Text fontWeight="bold">{node.label}</Text>
            <TypedDataView nodes={node.children} translate={translate} />
          </Section>
        );
      }
      return (
        <Row label={node.label}>
          <Value
            value={
              node.text
                ? translate('typedData.text', { text: node.shown })
                : node.shown
            }
          />
        </Row>
      );
    })}
  </Box>
);
