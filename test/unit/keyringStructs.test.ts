/**
 * snapnet writes the keyring API's structs itself (src/api/keyring.ts: keyring-api
 * would pull Node-only code into the bundle). These tests hold them to keyring-api's
 * own, and the manifest to the lists the code serves.
 */
import { describe, expect, it } from '@jest/globals';
import * as keyringApi from '@metamask/keyring-api';
import { is } from '@metamask/superstruct';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import {
  AccountCreatedEventStruct,
  KeyringAccountStruct,
  KeyringRequestStruct,
  KeyringResponseStruct,
  PROTOCOL_READS,
} from '../../src/api/keyring';
import { toKeyringAccount } from '../../src/keyring/accounts';

const ADDRESS = `0x0${'3a'.repeat(31)}a`;

describe('keyring structs', () => {
  it.each([0, 1, 41, 2 ** 31 - 1])(
    'the account of index %i passes both our struct and keyring-api’s',
    (addressIndex) => {
      const account = toKeyringAccount({
        id: randomUUID(),
        addressIndex,
        address: ADDRESS,
      });
      expect(is(account, KeyringAccountStruct)).toBe(true);
      expect(is(account, keyringApi.KeyringAccountStruct)).toBe(true);
      expect(account.type).toBe(keyringApi.AnyAccountType.Account);
      const event = {
        method: 'notify:accountCreated',
        params: {
          account,
          accountNameSuggestion: `Starknet Account ${addressIndex + 1}`,
          metamask: { correlationId: randomUUID() },
        },
      };
      expect(is(event, AccountCreatedEventStruct)).toBe(true);
      expect(is(event, keyringApi.AccountCreatedEventStruct)).toBe(true);
    },
  );

  it('refuse what keyring-api refuses in an account: extra keys, a bad id', () => {
    const account = toKeyringAccount({
      id: randomUUID(),
      addressIndex: 0,
      address: ADDRESS,
    });
    for (const bad of [
      { ...account, extra: 1 },
      { ...account, id: 'not-a-uuid' },
      { ...account, scopes: [] },
    ]) {
      expect(is(bad, keyringApi.KeyringAccountStruct)).toBe(false);
      expect(is(bad, KeyringAccountStruct)).toBe(false);
    }
  });

  it('read every KeyringRequest keyring-api accepts, and answer what it accepts', () => {
    const base = {
      id: randomUUID(),
      scope: 'starknet:SN_SEPOLIA',
      account: randomUUID(),
      origin: 'https://dapp.example',
      request: { method: 'wallet_signTypedData', params: { a: 1 } },
    };
    for (const request of [
      base,
      { ...base, request: { method: 'wallet_deploymentData' } },
      { ...base, request: { method: 'x', params: [1, '2'] } },
      {
        ...base,
        originMetadata: { transport: 'x', selfReportedOrigin: 'y' },
      },
      { ...base, originMetadata: null },
    ]) {
      expect(is(request, keyringApi.KeyringRequestStruct)).toBe(true);
      expect(is(request, KeyringRequestStruct)).toBe(true);
    }
    const response = { pending: false, result: ['0x1', '0x2'] };
    expect(is(response, KeyringResponseStruct)).toBe(true);
    expect(is(response, keyringApi.KeyringResponseStruct)).toBe(true);
    expect(
      is(
        { address: `starknet:SN_MAIN:${ADDRESS}` },
        keyringApi.ResolveAccountAddressResponseStruct,
      ),
    ).toBe(true);
  });

  it('manifest: keyring for MetaMask only, accounts events, and the reads per scope', () => {
    const manifest = JSON.parse(
      readFileSync(resolve(__dirname, '../../snap.manifest.json'), 'utf8'),
    );
    const permissions = manifest.initialPermissions;
    expect(permissions['endowment:keyring']).toStrictEqual({});
    expect(permissions.snap_manageAccounts).toStrictEqual({});
    expect(permissions['endowment:protocol']).toStrictEqual({
      scopes: {
        'starknet:SN_MAIN': { methods: [...PROTOCOL_READS] },
        'starknet:SN_SEPOLIA': { methods: [...PROTOCOL_READS] },
      },
    });
    const [major] = String(manifest.platformVersion).split('.');
    expect(Number(major)).toBeGreaterThanOrEqual(12);
  });
});
