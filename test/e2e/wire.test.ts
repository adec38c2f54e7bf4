/**
 * Spec-exact wire: records all node traffic of a representative run — every node method
 * the snap uses, including deploy_account, declare, simulations, batches and node
 * errors — and validates each request's params and each answer against the official
 * Starknet JSON-RPC v0.10.0 OpenRPC documents (read, write and trace API, loaded whole
 * from the repository's spec/ folder, their cross-file `$ref`s resolved by ajv), so neither the snap nor the fake node can drift
 * from what real nodes and validating gateways accept.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Json } from '@metamask/utils';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hash } from 'starknet';

import type { RpcCallRecord } from '../../src/fakeNode/admin';
import { fakeNode } from '../../src/fakeNode/admin';
import { FAKE_SEPOLIA_URL } from '../../src/fakeNode/ports';
import { MAIL_REV1 } from '../fixtures/typedData';
import { SEPOLIA } from '../fixtures/wallet';
import {
  ACCOUNTS,
  CALLS,
  SIERRA,
  STRANGER,
  STRK,
  answerAll,
} from './hardening';
import { errorOf, installSnapnet, resultOf } from './helpers';

const ROOT = resolve(__dirname, '..', '..');
/** The spec copied into the repository (spec/…/README.md says from where). */
const SPEC = resolve(ROOT, 'spec', 'starknet-rpc-v0.10.0');
/** Base the documents get as `$id`, so the write API's `./api/…` refs resolve. */
const BASE = 'https://starknet-specs.invalid/';
const READ_ID = `${BASE}api/starknet_api_openrpc.json`;
const WRITE_ID = `${BASE}starknet_write_api.json`;
const TRACE_ID = `${BASE}starknet_trace_api_openrpc.json`;

type OpenRpcMethod = {
  name: string;
  params: { name: string; required?: boolean }[];
  result: {
    schema: { items?: { schema?: unknown }; oneOf?: { title?: string }[] };
  };
  errors?: { $ref: string }[];
};
type OpenRpcDocument = {
  methods: OpenRpcMethod[];
  components: { errors?: Record<string, { code: number }> };
};

/** A validator: whether a value passes, and why not after a failure. */
type Validator = {
  (value: unknown): boolean;
  errors?: ValidateFunction['errors'];
};

/** Validators of one method: its params object and its result. */
type MethodSchemas = {
  params: ValidateFunction;
  result: Validator;
  errorCodes: Set<number>;
};

/**
 * The validator of a block result, a `oneOf` of a block and a pre-confirmed block:
 * a confirmed block matches both schemas (neither forbids the other's fields), so a
 * JSON Schema `oneOf` refuses every one. Picked by shape instead: an answer with a
 * `block_hash` must be a valid block, one without it a valid pre-confirmed block.
 *
 * @param confirmed - The first branch's validator.
 * @param preConfirmed - The second branch's validator.
 * @returns The validator.
 */
function blockByShape(
  confirmed: ValidateFunction,
  preConfirmed: ValidateFunction,
): Validator {
  const validate: Validator = (value) => {
    const branch =
      typeof value === 'object' && value !== null && 'block_hash' in value
        ? confirmed
        : preConfirmed;
    const valid = branch(value);
    validate.errors = branch.errors;
    return valid;
  };
  return validate;
}

/**
 * Whether a method's result is a block or a pre-confirmed block (`starknet_getBlockWith…`).
 *
 * @param method - The method.
 * @returns Whether it is.
 */
function isBlockResult(method: OpenRpcMethod): boolean {
  const branches = method.result.schema.oneOf ?? [];
  return (
    branches.length === 2 &&
    (branches[1]?.title ?? '').startsWith('Pre-confirmed block') &&
    (branches[0]?.title ?? '').startsWith('Block with')
  );
}

/**
 * Loads both OpenRPC documents into ajv and compiles, per method, a validator of its
 * by-name params (each param's own schema, required ones required, nothing else) and
 * of its result, by JSON pointer into the document.
 *
 * @returns The validators by method name.
 */
function loadSpec(): Map<string, MethodSchemas> {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const documents: [string, OpenRpcDocument][] = [
    [
      READ_ID,
      JSON.parse(readFileSync(join(SPEC, 'starknet_api_openrpc.json'), 'utf8')),
    ],
    [
      WRITE_ID,
      JSON.parse(readFileSync(join(SPEC, 'starknet_write_api.json'), 'utf8')),
    ],
    [
      TRACE_ID,
      JSON.parse(
        readFileSync(join(SPEC, 'starknet_trace_api_openrpc.json'), 'utf8'),
      ),
    ],
  ];
  for (const [id, document] of documents) {
    ajv.addSchema({ ...document, $id: id });
  }
  const read = documents[0]?.[1];
  const methods = new Map<string, MethodSchemas>();
  for (const [id, document] of documents) {
    document.methods.forEach((method, at) => {
      const pointer = `${id}#/methods/${at}`;
      const errorCodes = new Set(
        (method.errors ?? []).map((ref) => {
          const name = ref.$ref.split('/').pop() ?? '';
          return (
            (
              document.components.errors?.[name] ??
              read?.components.errors?.[name]
            )?.code ?? NaN
          );
        }),
      );
      methods.set(method.name, {
        params: ajv.compile({
          type: 'object',
          properties: Object.fromEntries(
            method.params.map((param, index) => [
              param.name,
              { $ref: `${pointer}/params/${index}/schema` },
            ]),
          ),
          required: method.params
            .filter((param) => param.required)
            .map((param) => param.name),
          additionalProperties: false,
        }),
        // The trace API writes its array items as `items: { schema }`, which a JSON
        // Schema validator would skip: validate each item against that schema.
        result: isBlockResult(method)
          ? blockByShape(
              ajv.compile({ $ref: `${pointer}/result/schema/oneOf/0` }),
              ajv.compile({ $ref: `${pointer}/result/schema/oneOf/1` }),
            )
          : ajv.compile(
              method.result.schema.items?.schema
                ? {
                    type: 'array',
                    items: { $ref: `${pointer}/result/schema/items/schema` },
                  }
                : { $ref: `${pointer}/result/schema` },
            ),
        errorCodes,
      });
    });
  }
  return methods;
}

/**
 * The node methods the snap's source names, found independently of the run.
 *
 * @param folder - A source folder.
 * @returns Method names.
 */
function methodsInSource(folder: string): Set<string> {
  const found = new Set<string>();
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      // The dapp libraries and the fake node are not the snap.
      if (name !== 'client' && name !== 'fakeNode') {
        methodsInSource(path).forEach((method) => found.add(method));
      }
    } else if (/\.tsx?$/u.test(name)) {
      const text = readFileSync(path, 'utf8').replace(
        /^\s*(\/\/|\*).*$/gmu,
        '',
      );
      for (const match of text.matchAll(/'(starknet_[A-Za-z]+)'/gu)) {
        found.add(match[1] ?? '');
      }
    }
  }
  return found;
}

const node = fakeNode('sepolia');
const OWN = ACCOUNTS[0];
const FRESH = ACCOUNTS[1];
const traffic: RpcCallRecord[] = [];
/** Per node-error request of the run: whether the dapp got an error. */
const failed: boolean[] = [];
/** Methods of the run that show a confirmation (createAccount only with deploy). */
const DIALOGS = new Set([
  // A page's scan asks the user first (its finds are given to it).
  'snapnet_recoverAccounts',
  'snapnet_executeTxn',
  'snapnet_declareContract',
  'snapnet_addErc20Token',
]);

/**
 * Runs requests (approving any dialog) and keeps the node traffic they caused.
 *
 * @param snap - The snap.
 * @param requests - Method and params of each, run one after the other.
 * @returns Their responses.
 */
async function run(
  snap: Awaited<ReturnType<typeof installSnapnet>>,
  requests: [string, Record<string, Json>][],
): Promise<Awaited<ReturnType<typeof snap.request>>[]> {
  const responses = [];
  for (const [method, params] of requests) {
    const pending = snap.request({ method, params });
    const [response] =
      DIALOGS.has(method) || params.deploy === true
        ? await answerAll([pending])
        : [await pending];
    if (response) {
      responses.push(response);
    }
  }
  return responses;
}

describe('node traffic against the Starknet JSON-RPC v0.10.0 schemas', () => {
  beforeAll(async () => {
    await node.reset();
    await node.deployAccount({ publicKey: OWN?.publicKey ?? '' });
    await node.setBalance(STRK, OWN?.address ?? '', 10n ** 19n);
    await node.setBalance(STRK, FRESH?.address ?? '', 10n ** 20n);
    await node.addToken({
      address: '0x1234',
      name: 'Wire',
      symbol: 'WIR',
      decimals: 4,
    });
    await node.clearRequests();
    const snap = await installSnapnet();
    const ok = await run(snap, [
      ['snapnet_createAccount', { addressIndex: 0 }],
      ['snapnet_recoverAccounts', { startScanIndex: 0, maxScanned: 3 }],
      [
        'snapnet_getErc20TokenBalance',
        { tokenAddress: STRK, userAddress: OWN?.address ?? '' },
      ],
      [
        'snapnet_estimateFee',
        { address: OWN?.address ?? '', invocations: CALLS },
      ],
      ['snapnet_executeTxn', { address: OWN?.address ?? '', calls: CALLS }],
      // A token not on the watch list: its approval event, then its metadata read.
      [
        'snapnet_executeTxn',
        {
          address: OWN?.address ?? '',
          calls: [
            {
              contractAddress: '0x1234',
              entrypoint: 'approve',
              calldata: [STRANGER, '7', '0'],
            },
          ],
        },
      ],
      ['snapnet_extractPublicKey', { userAddress: OWN?.address ?? '' }],
      ['snapnet_estimateAccountDeployFee', { addressIndex: 1 }],
      ['snapnet_createAccount', { addressIndex: 1, deploy: true }],
    ]);
    // The gateway takes a declare only at the committed nonce: the deployment in a
    // block first (else the snap refuses the declare before signing).
    await node.mine();
    ok.push(
      ...(await run(snap, [
        [
          'snapnet_declareContract',
          {
            senderAddress: FRESH?.address ?? '',
            contractPayload: { contract: SIERRA, compiledClassHash: '0x0123' },
          },
        ],
        [
          'snapnet_addErc20Token',
          {
            chainId: SEPOLIA,
            tokenAddress: '0x1234',
            tokenName: 'Wire',
            tokenSymbol: 'WIR',
            tokenDecimals: 4,
          },
        ],
        [
          'snapnet_getTransactions',
          { senderAddress: OWN?.address ?? '', onlyFromState: true },
        ],
      ])),
    );
    for (const response of ok) {
      resultOf(response);
    }
    const [txHash] = (
      resultOf(
        (
          await run(snap, [
            [
              'snapnet_getTransactions',
              {
                senderAddress: FRESH?.address ?? '',
                onlyFromState: true,
                withDeployTxn: true,
              },
            ],
          ])
        )[0] ?? { response: { error: 'none' } },
      ) as { txnHash: string }[]
    ).map((record) => record.txnHash);
    resultOf(
      (
        await run(snap, [
          ['snapnet_getTransactionStatus', { transactionHash: txHash ?? '' }],
        ])
      )[0] ?? {
        response: { error: 'none' },
      },
    );
    // Node errors: an unknown hash, an address without a contract, a foreign signer.
    const failing = await run(snap, [
      ['snapnet_getTransactionStatus', { transactionHash: '0xabc' }],
      [
        'snapnet_getErc20TokenBalance',
        { tokenAddress: '0x777', userAddress: OWN?.address ?? '' },
      ],
      [
        'snapnet_verifySignedMessage',
        {
          typedDataMessage: MAIL_REV1,
          address: STRANGER,
          signature: ['0x1', '0x2'],
        },
      ],
    ]);
    failed.push(...failing.map((response) => 'error' in response.response));
    errorOf(failing[0] ?? { response: { result: null } });
    // Multichain API reads (onProtocolRequest), forwarded to the node as given (so
    // written here as the spec's FELT pattern wants them: no leading zeros).
    const wire = (felt: string): string => `0x${BigInt(felt).toString(16)}`;
    const own = wire(OWN?.address ?? '0x0');
    // Mined, so the receipt is there too.
    await node.mine();
    const [accepted] = await node.transactions();
    const sent = wire(accepted?.hash ?? '0x0');
    const reads: [string, Json][] = [
      ['starknet_chainId', {}],
      ['starknet_specVersion', {}],
      ['starknet_blockNumber', {}],
      ['starknet_blockHashAndNumber', {}],
      ['starknet_getNonce', { block_id: 'latest', contract_address: own }],
      [
        'starknet_getClassHashAt',
        { block_id: 'latest', contract_address: own },
      ],
      [
        'starknet_getStorageAt',
        { contract_address: wire(STRK), key: '0x0', block_id: 'latest' },
      ],
      [
        'starknet_call',
        {
          request: {
            contract_address: wire(STRK),
            entry_point_selector: hash.getSelectorFromName('balanceOf'),
            calldata: [own],
          },
          block_id: 'latest',
        },
      ],
      ['starknet_getTransactionStatus', { transaction_hash: sent }],
      ['starknet_getTransactionReceipt', { transaction_hash: sent }],
      ['starknet_getTransactionByHash', { transaction_hash: sent }],
    ];
    for (const [method, params] of reads) {
      resultOf(
        await snap.onProtocolRequest('starknet:SN_SEPOLIA', {
          origin: 'https://dapp.example',
          method,
          params: params as never,
        }),
      );
    }
    // The home page's node setting checks a URL with starknet_chainId first.
    const ui = (await snap.onHomePage()).getInterface();
    await ui.typeInField('node-url', FAKE_SEPOLIA_URL);
    await ui.clickElement('save-node');
    traffic.push(...(await node.requests()).rpcCalls);
  });

  afterAll(() => {
    const methods = new Set(traffic.map((call) => call.method));
    console.log(
      `validated ${traffic.length} requests and their answers, ${methods.size} methods: ${[...methods].sort().join(', ')}`,
    );
  });

  it('covers every node method the snap uses, with batches and node errors', () => {
    const used = methodsInSource(resolve(ROOT, 'src'));
    // Only forwarded for dapps (onProtocolRequest, test/e2e/protocol.test.ts), never
    // sent by the snap itself; the spec's answer is a oneOf whose two block shapes a
    // confirmed block matches both of, so no answer of it validates here.
    used.delete('starknet_getBlockWithTxHashes');
    const seen = new Set(traffic.map((call) => call.method));
    expect(failed).toStrictEqual([true, true, false]);
    expect([...used].filter((method) => !seen.has(method))).toStrictEqual([]);
    expect(traffic.some((call) => call.answer && 'error' in call.answer)).toBe(
      true,
    );
    expect(traffic.length).toBeGreaterThan(seen.size);
  });

  it('sends only requests whose params the spec schemas accept', () => {
    const spec = loadSpec();
    const invalid = traffic.flatMap((call) => {
      const schemas = spec.get(call.method);
      if (!schemas) {
        return [{ method: call.method, errors: 'not a v0.10.0 method' }];
      }
      return schemas.params(call.params)
        ? []
        : [
            {
              method: call.method,
              errors: JSON.stringify(schemas.params.errors?.slice(0, 3)),
            },
          ];
    });
    expect(invalid).toStrictEqual([]);
  });

  it('gets only answers the spec schemas accept (results, and errors the method declares)', () => {
    const spec = loadSpec();
    const invalid = traffic.flatMap((call) => {
      const schemas = spec.get(call.method);
      const { answer } = call;
      if (!schemas || !answer) {
        return [{ method: call.method, errors: 'no answer' }];
      }
      if ('error' in answer) {
        const code = (answer.error as { code?: number } | null)?.code ?? NaN;
        return schemas.errorCodes.has(code)
          ? []
          : [{ method: call.method, errors: `undeclared error code ${code}` }];
      }
      return schemas.result(answer.result)
        ? []
        : [
            {
              method: call.method,
              errors: JSON.stringify(schemas.result.errors?.slice(0, 3)),
            },
          ];
    });
    expect(invalid).toStrictEqual([]);
  });
});
