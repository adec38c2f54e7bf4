import { describe, expect, it } from '@jest/globals';
import type { PreparedTransaction } from 'starknet';
import { constants, outsideExecution } from 'starknet';

import { toFelt64 } from '../../src/api/felt';
import { PaymasterUntrusted } from '../../src/errors';
import type { Network } from '../../src/starknet/node/networks';
import type { PaymasterAsk } from '../../src/starknet/paymaster/verify';
import { verifyPrepared } from '../../src/starknet/paymaster/verify';
import { deployData } from '../../src/starknet/sends/deploy';

const SEPOLIA: Network = {
  name: 'Sepolia',
  chainId: constants.StarknetChainId.SN_SEPOLIA,
  caip2: 'starknet:SN_SEPOLIA',
  rpcUrl: 'http://localhost',
  paymasterUrl: 'http://localhost/paymaster',
  indexerUrl: '',
  explorerUrl: '',
};
const USDC = toFelt64(
  '0x53b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080',
);
const FORWARDER = toFelt64('0xf0');
const ACCOUNT = toFelt64('0xacc');
const NOW = 1_800_000_000n;
const USER_CALL = {
  contractAddress: USDC,
  entrypoint: 'transfer',
  calldata: ['0x55', '1000000', '0'],
};
const FEE = {
  gas_token_price_in_strk: 5n * 10n ** 18n,
  estimated_fee_in_strk: 10n ** 16n,
  estimated_fee_in_gas_token: 2000n,
  suggested_max_fee_in_strk: 15n * 10n ** 15n,
  suggested_max_fee_in_gas_token: 3000n,
};

/**
 * What a paymaster answers, built with starknet.js (SNIP-9 v2 unless told).
 *
 * @param change - What to change: fee call, caller, window, version, deployment.
 * @param change.fee - The fee call's entrypoint and calldata.
 * @param change.fee.entrypoint - Its entrypoint.
 * @param change.fee.calldata - Its calldata.
 * @param change.caller - `Caller`.
 * @param change.before - `Execute Before`.
 * @param change.version - SNIP-9 version.
 * @param change.deployment - A deploy_and_invoke's deployment.
 * @returns The prepared transaction.
 */
function prepared(
  change: {
    fee?: { entrypoint: string; calldata: string[] };
    caller?: string;
    before?: bigint;
    version?: '1' | '2';
    deployment?: ReturnType<typeof deployData>;
  } = {},
): PreparedTransaction {
  const fee = change.fee ?? {
    entrypoint: 'transfer',
    calldata: [FORWARDER, '3000', '0'],
  };
  const typedData = outsideExecution.getTypedData(
    SEPOLIA.chainId,
    {
      caller: change.caller ?? FORWARDER,
      execute_after: 1,
      execute_before: Number(change.before ?? NOW + 600n),
    },
    '0x1234',
    [USER_CALL, { contractAddress: USDC, ...fee }],
    change.version ?? '2',
  );
  const parameters = {
    version: '0x1' as const,
    feeMode: { mode: 'default' as const, gasToken: USDC },
  };
  const { deployment } = change;
  return deployment
    ? {
        type: 'deploy_and_invoke',
        typed_data: typedData as never,
        deployment: {
          address: deployment.address,
          class_hash: deployment.classHash,
          salt: deployment.salt,
          calldata: deployment.constructorCalldata,
          version: 1,
        },
        parameters,
        fee: FEE,
      }
    : { type: 'invoke', typed_data: typedData as never, parameters, fee: FEE };
}

const ASK: PaymasterAsk = {
  network: SEPOLIA,
  address: ACCOUNT,
  calls: [USER_CALL],
  feeToken: USDC,
  deployment: undefined,
  versions: ['1', '2'],
  now: NOW,
};

describe('verifyPrepared (paymaster answers checked before any dialog)', () => {
  it('accepts the user call plus one fee transfer to the caller (v2 and v1)', () => {
    for (const version of ['1', '2'] as const) {
      const verified = verifyPrepared(prepared({ version }), ASK, 'pm.test');
      expect(verified.maxFee).toBe(3000n);
      expect(verified.estimatedFee).toBe(2000n);
      expect(verified.outside.caller).toBe(FORWARDER);
    }
  });

  it.each([
    [
      'a fee above the quote',
      { fee: { entrypoint: 'transfer', calldata: [FORWARDER, '3001', '0'] } },
      'above its own quote',
    ],
    [
      'a high u256 word',
      { fee: { entrypoint: 'transfer', calldata: [FORWARDER, '0', '1'] } },
      'above its own quote',
    ],
    [
      'an approve',
      { fee: { entrypoint: 'approve', calldata: [FORWARDER, '3000', '0'] } },
      'not a transfer',
    ],
    [
      'a fee to another address',
      { fee: { entrypoint: 'transfer', calldata: ['0xbad', '3000', '0'] } },
      'another address',
    ],
    [
      'extra calldata',
      {
        fee: {
          entrypoint: 'transfer',
          calldata: [FORWARDER, '3000', '0', '1'],
        },
      },
      'exactly recipient',
    ],
    [
      'ANY_CALLER',
      { caller: constants.OutsideExecutionCallerAny },
      'ANY_CALLER',
    ],
    ['a window over an hour', { before: NOW + 3601n }, 'more than an hour'],
  ])('refuses %s', (_name, change, problem) => {
    expect(() => verifyPrepared(prepared(change), ASK, 'pm.test')).toThrow(
      PaymasterUntrusted,
    );
    expect(() => verifyPrepared(prepared(change), ASK, 'pm.test')).toThrow(
      problem,
    );
  });

  it('refuses a version the account does not execute, and another deployment', () => {
    expect(() =>
      verifyPrepared(prepared(), { ...ASK, versions: ['1'] }, 'pm.test'),
    ).toThrow('does not support');
    const own = deployData(toFelt64('0x1111'));
    const other = deployData(toFelt64('0x2222'));
    const ask = { ...ASK, deployment: own };
    expect(
      verifyPrepared(prepared({ deployment: own }), ask, 'pm.test').maxFee,
    ).toBe(3000n);
    expect(() =>
      verifyPrepared(prepared({ deployment: other }), ask, 'pm.test'),
    ).toThrow('not the account’s own');
    expect(() => verifyPrepared(prepared(), ask, 'pm.test')).toThrow(
      'asked for deploy_and_invoke',
    );
  });
});
