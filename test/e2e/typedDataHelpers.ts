import type { TypedData } from 'starknet';
import { ec, typedData } from 'starknet';

import { expectedAccount } from '../fixtures/wallet';
import type { confirmationOf } from './helpers';
import { textOf } from './helpers';

/** The wallet's first account, derived independently of the snap. */
export const signer = expectedAccount(0);

type Ui = Awaited<ReturnType<typeof confirmationOf>>;

/**
 * The texts inside a dialog's warning elements: Banner of severity warning or danger,
 * Text of color warning or error, Row of variant warning or critical.
 *
 * @param ui - The dialog.
 * @returns One joined text per warning element.
 */
export function warningsOf(ui: Pick<Ui, 'content'>): string[] {
  const found: string[] = [];
  const walk = (element: unknown): void => {
    if (Array.isArray(element)) {
      element.forEach(walk);
      return;
    }
    if (!element || typeof element !== 'object' || !('props' in element)) {
      return;
    }
    const { type, props } = element as {
      type: string;
      props: Record<string, unknown>;
    };
    const warning =
      (type === 'Banner' &&
        ['warning', 'danger'].includes(String(props.severity))) ||
      (type === 'Text' && ['warning', 'error'].includes(String(props.color))) ||
      (type === 'Row' &&
        ['warning', 'critical'].includes(String(props.variant)));
    if (warning) {
      found.push(textOf({ content: element }));
    }
    Object.values(props).forEach(walk);
  };
  walk(ui.content);
  return found;
}

/**
 * Whether a signature verifies for the SNIP-12 hash of the typed data (computed by
 * starknet.js here) with the account's public key derived independently.
 *
 * @param signature - r and s.
 * @param data - The typed data as sent.
 * @returns Whether it verifies.
 */
export function verifiesFor(
  signature: [bigint, bigint],
  data: TypedData,
): boolean {
  const hash = typedData.getMessageHash(data, signer.address);
  const point = ec.starkCurve.ProjectivePoint.fromPrivateKey(
    BigInt(signer.privateKey),
  );
  return ec.starkCurve.verify(
    new ec.starkCurve.Signature(...signature),
    hash,
    point.toHex(false),
  );
}

/**
 * Splits the joined `0x` + r + s answer of snapnet_signMessage.
 *
 * @param signature - The answer.
 * @returns r and s.
 */
export function splitJoined(signature: unknown): [bigint, bigint] {
  if (typeof signature !== 'string' || !/^0x[0-9a-f]{128}$/u.test(signature)) {
    throw new Error(`not a joined signature: ${String(signature)}`);
  }
  return [
    BigInt(`0x${signature.slice(2, 66)}`),
    BigInt(`0x${signature.slice(66)}`),
  ];
}
