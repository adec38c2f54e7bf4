import type { Call, TypedData } from 'starknet';
import { constants, hash, outsideExecution, typedData } from 'starknet';

import { toFelt64 } from '../../src/api/felt';
import type { Network } from '../../src/starknet/node/networks';
import {
  assertVersionSupported,
  isOutsideExecution,
  readOutsideExecution,
} from '../../src/starknet/outsideExecution';
import { MAIL_REV1 } from '../fixtures/typedData';

const SEPOLIA: Network = {
  name: 'Sepolia',
  chainId: constants.StarknetChainId.SN_SEPOLIA,
  caip2: 'starknet:SN_SEPOLIA',
  rpcUrl: 'http://localhost',
  paymasterUrl: '',
  indexerUrl: '',
  explorerUrl: '',
};
const STRK =
  '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const RECIPIENT = '0x123abc';
const CALLS: Call[] = [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, '40000000000000000000', '0'],
  },
];
// starknet.js hashes a v2 ContractAddress as a number: ANY_CALLER goes as its hex.
const OPTIONS = {
  caller: constants.OutsideExecutionCallerAny,
  execute_after: 1,
  execute_before: 1_900_000_000,
};

/**
 * Typed data as starknet.js builds it, made mutable for tampering.
 *
 * @param version - SNIP-9 version.
 * @param chainId - Domain chain id.
 * @returns A deep copy.
 */
function built(
  version: '1' | '2',
  chainId: string = SEPOLIA.chainId,
): TypedData {
  return structuredClone(
    outsideExecution.getTypedData(chainId, OPTIONS, '0x7', CALLS, version),
  );
}

/**
 * The message as a plain record, for tampering.
 *
 * @param data - Typed data.
 * @returns Its message.
 */
function messageOf(data: TypedData): Record<string, unknown> {
  return data.message as Record<string, unknown>;
}

describe('readOutsideExecution', () => {
  it.each(['1', '2'] as const)(
    'reads starknet.js v%s typed data as hashed',
    (version) => {
      const data = built(version);
      expect(isOutsideExecution(data)).toBe(true);
      const read = readOutsideExecution(data, SEPOLIA);
      expect(read).toStrictEqual({
        version,
        caller: toFelt64(constants.OutsideExecutionCallerAny),
        anyCaller: true,
        nonce: toFelt64('0x7'),
        executeAfter: 1n,
        executeBefore: 1_900_000_000n,
        calls: [
          {
            contractAddress: toFelt64(STRK),
            selector: toFelt64(hash.getSelectorFromName('transfer')),
            calldata: [
              '0x123abc',
              `0x${(40n * 10n ** 18n).toString(16)}`,
              '0x0',
            ],
          },
        ],
      });
    },
  );

  it('reads v1 ANY_CALLER written as text', () => {
    const data = built('1');
    messageOf(data).caller = 'ANY_CALLER';
    expect(readOutsideExecution(data, SEPOLIA).anyCaller).toBe(true);
  });

  it('accepts a domain chain id written as a short string', () => {
    const read = readOutsideExecution(built('2', 'SN_SEPOLIA'), SEPOLIA);
    expect(read.version).toBe('2');
  });

  it('reads a v2 selector given by name and keeps the name', () => {
    const data = built('2');
    const calls = messageOf(data).Calls as Record<string, unknown>[];
    calls[0] = { ...calls[0], Selector: 'transfer' };
    const read = readOutsideExecution(data, SEPOLIA);
    expect(read.calls[0]).toMatchObject({
      entrypoint: 'transfer',
      selector: toFelt64(hash.getSelectorFromName('transfer')),
    });
    // The selector read is the one starknet.js hashes.
    const byHex = built('2');
    expect(typedData.getMessageHash(data, '0x1')).toBe(
      typedData.getMessageHash(byHex, '0x1'),
    );
  });

  it('reads a specific caller as its address', () => {
    const data = built('2');
    messageOf(data).Caller = '0xabc';
    const read = readOutsideExecution(data, SEPOLIA);
    expect(read).toMatchObject({ caller: toFelt64('0xabc'), anyCaller: false });
  });

  it('refuses another network, naming domain.chainId', () => {
    expect(() =>
      readOutsideExecution(
        built('2', constants.StarknetChainId.SN_MAIN),
        SEPOLIA,
      ),
    ).toThrow('typedDataMessage.domain.chainId');
  });

  it.each(['1', '2'] as const)(
    'refuses v%s carrying both Calls and calls',
    (version) => {
      const data = built(version);
      const message = messageOf(data);
      message.Calls = message.Calls ?? message.calls;
      message.calls = message.calls ?? message.Calls;
      expect(() => readOutsideExecution(data, SEPOLIA)).toThrow(
        'both Calls and calls',
      );
    },
  );

  it('refuses non-canonical types', () => {
    const data = built('2');
    data.types.Call = [
      ...(data.types.Call ?? []),
      { name: 'Extra', type: 'felt' },
    ];
    expect(() => readOutsideExecution(data, SEPOLIA)).toThrow(
      'typedDataMessage.types',
    );
  });

  it('refuses a version that does not match the types', () => {
    const data = built('2');
    data.domain.version = '1';
    expect(() => readOutsideExecution(data, SEPOLIA)).toThrow('domain.version');
  });

  it('refuses an Execute Before beyond u64', () => {
    const data = built('2');
    messageOf(data)['Execute Before'] = (2n ** 64n).toString();
    expect(() => readOutsideExecution(data, SEPOLIA)).toThrow('Execute Before');
  });

  it('refuses a message member that is not hashed, naming it', () => {
    const data = built('2');
    messageOf(data).Note = 'harmless';
    expect(() => readOutsideExecution(data, SEPOLIA)).toThrow(
      'typedDataMessage.message.Note',
    );
  });

  it('refuses a number-looking text in calldata, naming the field', () => {
    const data = built('2');
    const [call] = messageOf(data).Calls as { Calldata: string[] }[];
    if (call) {
      call.Calldata[1] = '0.000001';
    }
    expect(() => readOutsideExecution(data, SEPOLIA)).toThrow(
      'Calls.0.Calldata.1',
    );
  });

  it('refuses a v1 calls_len that is not the number of calls', () => {
    const data = built('1');
    messageOf(data).calls_len = 2;
    expect(() => readOutsideExecution(data, SEPOLIA)).toThrow('calls_len');
  });

  it('does not take a plain message for an outside execution', () => {
    expect(isOutsideExecution(MAIL_REV1)).toBe(false);
  });
});

describe('assertVersionSupported', () => {
  it('refuses v2 on an account that supports only v1', () => {
    expect(() => assertVersionSupported('2', ['1'])).toThrow('domain.version');
    expect(() => assertVersionSupported('1', ['1'])).not.toThrow();
  });
});
