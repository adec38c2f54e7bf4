/**
 * Numbers as the user knows them: how a confirmation writes what it decodes. Arguments
 * typed
 * ContractAddress, ClassHash or EthAddress read in hex, as the user knows them (never as
 * a decimal integer), whether the ABI comes from the chain or from the dapp; every
 * amount of a dialog (calls, balance changes, fees) follows the user's locale.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { installSnap } from '@metamask/snaps-jest';
import type { JsonRpcParams } from '@metamask/utils';

import { fakeNode } from '../../src/fakeNode/admin';
import { STRK } from '../../src/fakeNode/constants';
import { STATE_VERSION } from '../../src/state/store';
import { V3_BOUNDS } from '../fixtures/transactions';
import { expectedAccount } from '../fixtures/wallet';
import {
  DAPP_ORIGIN,
  confirmationOf,
  connectedPages,
  installSnapnet,
  textOf,
} from './helpers';

const node = fakeNode('sepolia');
const sender = expectedAccount(0);
const RECIPIENT = `0x0${'4'.repeat(63)}`;
const TOKEN = `0x0${'2'.repeat(63)}`;
const UPGRADER = `0x0${'3'.repeat(63)}`;
const NEW_CLASS = `0x0${'6'.repeat(63)}`;
const L1_RECIPIENT = `0x${'ab'.repeat(20)}`;

type Request = Awaited<ReturnType<typeof installSnapnet>>['request'];

/**
 * The text of a method's confirmation, which is then cancelled.
 *
 * @param request - The snap's request function.
 * @param method - The method.
 * @param params - Its params.
 * @returns The dialog text.
 */
async function dialogText(
  request: Request,
  method: string,
  params: JsonRpcParams,
): Promise<string> {
  const pending = request({ method, params });
  const ui = await confirmationOf(pending);
  const text = textOf(ui);
  await ui.cancel();
  await pending;
  return text;
}

describe('decoded arguments and amounts in a confirmation', () => {
  beforeEach(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: sender.publicKey });
    await node.setBalance(STRK, sender.address, 10n ** 19n);
  });

  it('shows address arguments of an unlisted token in hex, from its ABI on chain', async () => {
    await node.addToken({
      address: TOKEN,
      name: 'Mystery',
      symbol: 'MYS',
      decimals: 6,
    });
    const { request } = await installSnapnet();
    const text = await dialogText(request, 'snapnet_executeTxn', {
      address: sender.address,
      calls: [
        {
          contractAddress: TOKEN,
          entrypoint: 'transfer',
          calldata: [BigInt(RECIPIENT).toString(), '5', '0'],
        },
      ],
    });
    expect(text).toMatch(/recipient/u);
    expect(text).toContain(RECIPIENT);
    expect(text).not.toContain(BigInt(RECIPIENT).toString());
  });

  it('shows ClassHash, EthAddress and ContractAddress arguments in hex from a dapp ABI too', async () => {
    await node.addContract({
      address: UPGRADER,
      functions: { upgrade: ['0x1'] },
      classHash: '0xc1a55',
      hideAbi: true,
    });
    const { request } = await installSnapnet();
    const decimal = [NEW_CLASS, L1_RECIPIENT, RECIPIENT].map((value) =>
      BigInt(value).toString(),
    );
    const text = await dialogText(request, 'snapnet_executeTxn', {
      address: sender.address,
      calls: [
        { contractAddress: UPGRADER, entrypoint: 'upgrade', calldata: decimal },
      ],
      abis: {
        [UPGRADER]: [
          {
            type: 'function',
            name: 'upgrade',
            inputs: [
              {
                name: 'new_class',
                type: 'core::starknet::class_hash::ClassHash',
              },
              {
                name: 'l1_recipient',
                type: 'core::starknet::eth_address::EthAddress',
              },
              {
                name: 'admin',
                type: 'core::starknet::contract_address::ContractAddress',
              },
            ],
          },
        ],
      },
    });
    expect(text).toMatch(/new_class/u);
    for (const written of [NEW_CLASS, L1_RECIPIENT, RECIPIENT]) {
      expect(text).toContain(written);
    }
    for (const value of decimal) {
      expect(text).not.toContain(value);
    }
  });

  it('writes every amount of a French dialog the French way: calls, balance changes, fees', async () => {
    // MetaMask in French, the page given the seed's first accounts as installSnapnet does.
    const { request } = await installSnap({
      options: {
        locale: 'fr',
        state: {
          version: STATE_VERSION,
          grants: connectedPages(DAPP_ORIGIN),
        },
      },
    });
    const transfer = {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, (15n * 10n ** 17n).toString(), '0'],
    };
    const execute = await dialogText(request, 'snapnet_executeTxn', {
      address: sender.address,
      calls: [transfer],
    });
    // The call row and the simulated balance change.
    expect(execute).toContain('1,5 STRK');
    expect(execute).toContain('-1,5 STRK');
    const sign = await dialogText(request, 'snapnet_signTransaction', {
      address: sender.address,
      transactions: [transfer],
      transactionsDetail: { resourceBounds: V3_BOUNDS },
    });
    expect(sign).toContain('1,5 STRK');
    for (const text of [execute, sign]) {
      // Fees too: no English decimal point anywhere (the simulating node's host, an
      // IP address, is no number).
      expect(text).toMatch(/\d,\d+ STRK/u);
      expect(text.replace(/Simulé sur \S+/u, '')).not.toMatch(/\d\.\d/u);
    }
  });
});
