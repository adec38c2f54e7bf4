import { isCaipAccountId } from '@metamask/utils';
import { constants, validateAndParseAddress } from 'starknet';

import {
  fromStarknetChainId,
  normalizeStarknetAddress,
  parseStarknetAccountId,
  STARKNET_MAINNET,
  STARKNET_SEPOLIA,
  toStarknetAccountId,
  toStarknetChainId,
} from '../../src/client/multichain';
import { rejection, setup, STARKNET_ACCOUNT, thrownBy } from './fixtures';

describe('Starknet chain ids', () => {
  it.each([
    [STARKNET_MAINNET, constants.StarknetChainId.SN_MAIN],
    [STARKNET_SEPOLIA, constants.StarknetChainId.SN_SEPOLIA],
  ])('maps %s ↔ %s as starknet.js defines it', (caip, chainId) => {
    expect(toStarknetChainId(caip)).toBe(chainId);
    expect(fromStarknetChainId(chainId)).toBe(caip);
    expect(fromStarknetChainId(chainId.toUpperCase().replace('0X', '0x'))).toBe(
      caip,
    );
  });

  it('spells the two networks out', () => {
    expect(toStarknetChainId('starknet:SN_SEPOLIA')).toBe(
      '0x534e5f5345504f4c4941',
    );
    expect(fromStarknetChainId('0x534e5f4d41494e')).toBe('starknet:SN_MAIN');
  });

  it.each([
    ['eip155:1', () => toStarknetChainId('eip155:1')],
    ['SN_MAIN', () => toStarknetChainId('SN_MAIN')],
    ['0xzz', () => fromStarknetChainId('0xzz')],
    ['0x2020 (spaces)', () => fromStarknetChainId('0x2020')],
  ])('refuses %s with -32602', (_case, convert) => {
    expect(thrownBy(convert).code).toBe(-32602);
  });
});

describe('Starknet account ids', () => {
  it.each([
    '0x1',
    '0x4a3621276a83251b557a8140e915599ae8e7b6207b067ea701635c0d509801e',
    '0x04A3621276A83251B557A8140E915599AE8E7B6207B067EA701635C0D509801E',
    '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeff',
    '0x0',
  ])('normalizes %s as starknet.js does', (address) => {
    expect(normalizeStarknetAddress(address)).toBe(
      validateAndParseAddress(address),
    );
  });

  it.each([
    '0x7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00',
    '0x00000000000000000000000000000000000000000000000000000000000000001',
    '4a36',
    '0xg1',
  ])('refuses %s', (address) => {
    expect(() => normalizeStarknetAddress(address)).toThrow(
      `"${address}" is not a Starknet address`,
    );
  });

  it('builds and reads back CAIP-10 ids from a CAIP-2 or hex chain id', () => {
    const fromCaip = toStarknetAccountId(
      STARKNET_SEPOLIA,
      '0x4a3621276a83251b557a8140e915599ae8e7b6207b067ea701635c0d509801e',
    );
    const fromHex = toStarknetAccountId(
      '0x534e5f5345504f4c4941',
      '0x04A3621276A83251B557A8140E915599AE8E7B6207B067EA701635C0D509801E',
    );

    expect(fromCaip).toBe(STARKNET_ACCOUNT);
    expect(fromHex).toBe(STARKNET_ACCOUNT);
    expect(isCaipAccountId(fromCaip)).toBe(true);
    expect(parseStarknetAccountId(fromCaip)).toStrictEqual({
      caipChainId: 'starknet:SN_SEPOLIA',
      chainId: '0x534e5f5345504f4c4941',
      address:
        '0x04a3621276a83251b557a8140e915599ae8e7b6207b067ea701635c0d509801e',
    });
  });

  it('refuses account ids of other chains', () => {
    expect(() =>
      parseStarknetAccountId(
        'eip155:1:0x5cfe73b6021e818b776b421b1c4db2474086a7e1',
      ),
    ).toThrow('"eip155:1" is not a Starknet CAIP-2 chain id');
    expect(() => toStarknetAccountId('eip155:1', '0x1')).toThrow(
      '"eip155:1" is not a Starknet CAIP-2 chain id',
    );
  });

  it('preselects a Starknet account in a session', async () => {
    const { client } = setup();
    const account = toStarknetAccountId(
      STARKNET_SEPOLIA,
      '0x4a3621276a83251b557a8140e915599ae8e7b6207b067ea701635c0d509801e',
    );

    const { sessionScopes } = await client.createSession({
      optionalScopes: {
        [STARKNET_SEPOLIA]: {
          methods: ['wallet_signTypedData'],
          notifications: [],
          accounts: [account],
        },
      },
    });

    expect(sessionScopes[STARKNET_SEPOLIA]?.accounts).toStrictEqual([account]);
    const error = await rejection(
      client.createSession({
        optionalScopes: {
          [STARKNET_MAINNET]: {
            methods: [],
            notifications: [],
            accounts: [account],
          },
        },
      }),
    );
    expect(error.message).toBe(
      `optionalScopes["starknet:SN_MAIN"].accounts[0]: account "${account}" is not in scope "starknet:SN_MAIN"`,
    );
  });
});
