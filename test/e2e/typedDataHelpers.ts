import type { Json } from '@metamask/utils';
import type { TypedData } from 'starknet';
import { constants, ec, outsideExecution, typedData } from 'starknet';

import { STRK } from '../../src/fakeNode/constants';
import { SEPOLIA, expectedAccount } from '../fixtures/wallet';

export { warningsOf } from './reviewHelpers';

/** The wallet's first account, derived independently of the snap. */
export const signer = expectedAccount(0);

/** Who receives the outside executions' transfers. */
export const RECIPIENT = `0x0${'7'.repeat(63)}`;

/** 1 STRK in FRI. */
export const ONE = 10n ** 18n;
const HOUR = 3600;

/**
 * Outside-execution typed data as starknet.js builds it: a transfer of 40 STRK.
 *
 * @param version - SNIP-9 version.
 * @param options - Caller and window.
 * @param options.caller - Who may submit.
 * @param options.seconds - How long from now it stays valid.
 * @returns The typed data, as plain JSON.
 */
export function transfer40(
  version: '1' | '2',
  options: { caller?: string; seconds?: number } = {},
): TypedData & Json {
  const now = Math.floor(Date.now() / 1000);
  const data = outsideExecution.getTypedData(
    SEPOLIA,
    {
      caller: options.caller ?? constants.OutsideExecutionCallerAny,
      execute_after: now - 60,
      execute_before: now + (options.seconds ?? HOUR),
    },
    '0x5e1ec7',
    [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, (40n * ONE).toString(), '0'],
      },
    ],
    version,
  );
  return JSON.parse(JSON.stringify(data));
}

/**
 * The expiry as the dialog must show it, computed here.
 *
 * @param data - The typed data.
 * @returns `YYYY-MM-DD HH:MM:SS UTC`.
 */
export function expiryOf(data: TypedData): string {
  const message = data.message as Record<string, unknown>;
  const before = Number(message['Execute Before'] ?? message.execute_before);
  const iso = new Date(before * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
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
