import { beforeEach, describe, expect, it } from '@jest/globals';
import type { TypedData } from 'starknet';
import { ec, typedData } from 'starknet';

import { fakeNode } from '../../src/fakeNode/admin';
import { MAIL_REV0, MAIL_REV1, withChainId } from '../fixtures/typedData';
import { MAINNET, expectedAccount } from '../fixtures/wallet';
import {
  confirmationOf,
  errorOf,
  expectInvalidField,
  installSnapnet,
  resultOf,
  textOf,
} from './helpers';

const signer = expectedAccount(0);

/**
 * Checks a signMessage result independently: hash with starknet.js, verify the
 * signature against the independently derived public key.
 *
 * @param signature - The snap's answer.
 * @param data - The typed data that was signed.
 * @returns Whether it verifies.
 */
function verifiesIndependently(signature: unknown, data: object): boolean {
  if (typeof signature !== 'string' || !/^0x[0-9a-f]{128}$/u.test(signature)) {
    return false;
  }
  const hash = typedData.getMessageHash(data as TypedData, signer.address);
  const parsed = new ec.starkCurve.Signature(
    BigInt(`0x${signature.slice(2, 66)}`),
    BigInt(`0x${signature.slice(66)}`),
  );
  const point = ec.starkCurve.ProjectivePoint.fromPrivateKey(
    BigInt(signer.privateKey),
  );
  return ec.starkCurve.verify(parsed, hash, point.toHex(false));
}

describe('snapnet_signMessage', () => {
  it('shows origin, signer, network, domain and message, and signs on approval', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signMessage',
      params: {
        typedDataMessage: JSON.stringify(MAIL_REV1),
        signerAddress: signer.address,
      },
    });
    const ui = await confirmationOf(pending);
    const text = textOf(ui);
    for (const expected of [
      'metamask.io',
      signer.address,
      'Starknet Sepolia',
      'Snapnet Mail',
      'SN_SEPOLIA',
      'Alice',
      'Bob',
      'greeting',
      'contents',
    ]) {
      expect(text).toContain(expected);
    }
    // The long message is shown whole (only long hex values are shortened).
    expect(text).toContain(MAIL_REV1.message.contents);
    await ui.ok();
    const signature = resultOf(await pending);
    expect(verifiesIndependently(signature, MAIL_REV1)).toBe(true);
  });

  it('accepts the typed data as an object and revision 0', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV0, signerAddress: signer.address },
    });
    await (await confirmationOf(pending)).ok();
    expect(verifiesIndependently(resultOf(await pending), MAIL_REV0)).toBe(
      true,
    );
  });

  it('answers 4001 and no signature when the user rejects', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV1, signerAddress: signer.address },
    });
    await (await confirmationOf(pending)).cancel();
    const error = errorOf(await pending);
    expect(error.code).toBe(4001);
    expect(error.data).toMatchObject({ walletRpcError: { code: 113 } });
  });

  it('refuses a domain for the other network before any dialog', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_signMessage',
        params: {
          typedDataMessage: withChainId(MAIL_REV1, 'SN_MAIN'),
          signerAddress: signer.address,
        },
      }),
      'typedDataMessage.domain.chainId',
    );
    // Signing on mainnet with a mainnet domain is fine.
    const pending = request({
      method: 'snapnet_signMessage',
      params: {
        typedDataMessage: withChainId(MAIL_REV1, 'SN_MAIN'),
        signerAddress: signer.address,
        chainId: MAINNET,
      },
    });
    await (await confirmationOf(pending)).ok();
    expect(
      verifiesIndependently(
        resultOf(await pending),
        withChainId(MAIL_REV1, 'SN_MAIN'),
      ),
    ).toBe(true);
  });

  it('refuses malformed typed data naming the problem', async () => {
    const { request } = await installSnapnet();
    const broken = {
      ...MAIL_REV1,
      types: {
        ...MAIL_REV1.types,
        Mail: [{ name: 'from', type: 'Unknown' }],
      },
    };
    const response = await request({
      method: 'snapnet_signMessage',
      params: { typedDataMessage: broken, signerAddress: signer.address },
    });
    expectInvalidField(response, 'typedDataMessage');
    expect(errorOf(response).message).toContain('Unknown');
    expectInvalidField(
      await request({
        method: 'snapnet_signMessage',
        params: {
          typedDataMessage: '{not json',
          signerAddress: signer.address,
        },
      }),
      'typedDataMessage',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_signMessage',
        params: { typedDataMessage: MAIL_REV1, signerAddress: 'alice' },
      }),
      'signerAddress',
    );
  });

  it('refuses to sign for an address that is not this wallet: a page was not given it (4100), MetaMask learns it is no account of the wallet', async () => {
    const { request } = await installSnapnet();
    const params = { typedDataMessage: MAIL_REV1, signerAddress: '0x1234' };
    expect(
      errorOf(await request({ method: 'snapnet_signMessage', params })),
    ).toMatchObject({ code: 4100, data: { field: 'signerAddress' } });
    expectInvalidField(
      await request({
        origin: 'metamask',
        method: 'snapnet_signMessage',
        params,
      }),
      'signerAddress',
    );
  });
});

describe('snapnet_verifySignedMessage', () => {
  it('verifies its own signatures in every accepted form, and rejects tampering', async () => {
    const { request } = await installSnapnet();
    const pending = request({
      method: 'snapnet_signMessage',
      params: { typedDataMessage: MAIL_REV1, signerAddress: signer.address },
    });
    await (await confirmationOf(pending)).ok();
    const signature = resultOf(await pending);
    if (typeof signature !== 'string') {
      throw new Error('expected a string signature');
    }
    const rs = [`0x${signature.slice(2, 66)}`, `0x${signature.slice(66)}`];
    for (const form of [signature, JSON.stringify(rs), rs]) {
      expect(
        resultOf(
          await request({
            method: 'snapnet_verifySignedMessage',
            params: {
              typedDataMessage: JSON.stringify(MAIL_REV1),
              address: signer.address,
              signature: form,
            },
          }),
        ),
      ).toBe(true);
    }
    const tampered = {
      ...MAIL_REV1,
      message: { ...MAIL_REV1.message, contents: 'Pay Mallory' },
    };
    expect(
      resultOf(
        await request({
          method: 'snapnet_verifySignedMessage',
          params: {
            typedDataMessage: tampered,
            address: signer.address,
            signature,
          },
        }),
      ),
    ).toBe(false);
    // Another account of the same wallet did not sign it.
    expect(
      resultOf(
        await request({
          method: 'snapnet_verifySignedMessage',
          params: {
            typedDataMessage: MAIL_REV1,
            address: expectedAccount(1).address,
            signature,
          },
        }),
      ),
    ).toBe(false);
  });

  it('refuses malformed input', async () => {
    const { request } = await installSnapnet();
    expectInvalidField(
      await request({
        method: 'snapnet_verifySignedMessage',
        params: {
          typedDataMessage: MAIL_REV1,
          address: signer.address,
          signature: '0x1234',
        },
      }),
      'signature',
    );
    expectInvalidField(
      await request({
        method: 'snapnet_verifySignedMessage',
        params: {
          typedDataMessage: MAIL_REV1,
          address: signer.address,
          signature: 12,
        },
      }),
      'signature',
    );
  });
});

describe('snapnet_verifySignedMessage for accounts of other wallets', () => {
  const node = fakeNode('sepolia');

  beforeEach(async () => {
    await node.reset();
  });

  it('asks the deployed account contract (SNIP-6)', async () => {
    const privateKey =
      '0x2dccce1da22003777062ee0870e9881b460a8b7eca276870f57c601f182136c';
    const publicKey = ec.starkCurve.getStarkKey(privateKey);
    const foreign = await node.deployAccount({ publicKey });
    const hash = typedData.getMessageHash(MAIL_REV1, foreign);
    const signed = ec.starkCurve.sign(hash, privateKey);
    const signature = [
      `0x${signed.r.toString(16)}`,
      `0x${signed.s.toString(16)}`,
    ];
    const { request } = await installSnapnet();
    const verify = async (address: string, message: typeof MAIL_REV1) =>
      resultOf(
        await request({
          method: 'snapnet_verifySignedMessage',
          params: { typedDataMessage: message, address, signature },
        }),
      );
    expect(await verify(foreign, MAIL_REV1)).toBe(true);
    expect(
      await verify(foreign, {
        ...MAIL_REV1,
        message: { ...MAIL_REV1.message, contents: 'x' },
      }),
    ).toBe(false);
    // Nothing deployed there: nobody can vouch for the signature.
    expect(await verify('0x0777', MAIL_REV1)).toBe(false);
  });
});
