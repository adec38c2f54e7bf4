import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { Row, Section, Text } from '@metamask/snaps-sdk/jsx';

import type { TypedDataNode } from './describeTypedData';
import type { Translate } from './i18n';
import { Value } from './Value';

/**
 * Typed-data values as they are hashed (see `describeTypedData`): structs and arrays
 * in their own sections, scalars as rows, text in quotes and marked as text so a
 * number-looking text cannot pass for a number. A list for the enclosing section,
 * not a Box of its own: each element is one more for MetaMask to check before the
 * dialog shows (see `statedDefaults.ts`).
 *
 * @param nodes - What `describeTypedData` made of a struct.
 * @param translate - Translator.
 * @param signer - The signing account, labelled "your account" where it appears.
 * @returns The rows and sections.
 */
export function typedDataRows(
  nodes: TypedDataNode[],
  translate: Translate,
  signer?: string,
): JSXElement[] {
  return nodes.map((node) => {
    if ('children' in node) {
      return (
        <Section>
          <Text fontWeight="bold">{node.label}</Text>
          {typedDataRows(node.children, translate, signer)}
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
          own={
            signer === undefined || node.text
              ? undefined
              : { account: signer, note: translate('calls.yourAccount') }
          }
        />
      </Row>
    );
  });
}
