/**
 * Answers one JSON-RPC request object of the fake node: the injected faults that change
 * one call's answer (`rpcError`, `lie`, status faults, the RPC 0.8 mode), else the
 * method's own answer (rpc.ts).
 */
import type { Chain } from './chain';
import * as errors from './errors';
import { RpcFailure } from './errors';
import type { Json, JsonObject } from './json';
import { isRecord } from './json';
import { dispatch } from './rpc';
import type { FaultSpec, Traffic } from './traffic';

/** What pathfinder's RPC 0.8 (`crates/rpc/src/v08.rs`) answers to `starknet_specVersion`. */
export const RPC_08_SPEC_VERSION = '0.8.1';

/** What juno's -32603 of an unreachable feeder gateway carries as data (the Go error text). */
const FEEDER_UNREACHABLE =
  'Get "https://feeder.example/feeder_gateway/get_transaction_status": dial tcp: connection refused (fault injected by the fake Starknet node)';

type Outcome = { result: Json } | { error: JsonObject };

/**
 * The first positional or the named param of a call.
 *
 * @param params - The call's params.
 * @param name - The param's name.
 * @returns Its value.
 */
function firstParam(params: unknown, name: string): unknown {
  if (Array.isArray(params)) {
    return params[0];
  }
  return isRecord(params) ? params[name] : undefined;
}

/**
 * The answer the node's modes give instead of the method's: pathfinder's RPC 0.8 (spec
 * version 0.8.1; the block tag `pre_confirmed` is refused as pathfinder's
 * `crates/rpc/src/dto/block.rs` does below V09, -32602 "Invalid params" with
 * `data.reason` "Invalid block id"), and the status faults of chosen hashes.
 *
 * @param traffic - The network's faults and modes.
 * @param method - The method called.
 * @param params - Its params.
 * @returns The outcome, or undefined to answer normally.
 */
function modeOutcome(
  traffic: Traffic,
  method: string,
  params: unknown,
): Outcome | undefined {
  if (traffic.rpcVersion === '0.8') {
    if (method === 'starknet_specVersion') {
      return { result: RPC_08_SPEC_VERSION };
    }
    const values = Array.isArray(params)
      ? params
      : Object.values(isRecord(params) ? params : {});
    if (values.includes('pre_confirmed')) {
      return {
        error: new RpcFailure(-32602, 'Invalid params', {
          reason: 'Invalid block id',
        }).toJson(),
      };
    }
  }
  const hash = firstParam(params, 'transaction_hash');
  if (method !== 'starknet_getTransactionStatus' || typeof hash !== 'string') {
    return undefined;
  }
  let kind;
  try {
    kind = traffic.takeStatusFault(BigInt(hash));
  } catch {
    return undefined;
  }
  if (kind === 'notFound') {
    return { error: errors.txnHashNotFound().toJson() };
  }
  return kind === 'internal'
    ? {
        error: new RpcFailure(
          -32603,
          'Internal error',
          FEEDER_UNREACHABLE,
        ).toJson(),
      }
    : undefined;
}

/**
 * The method's answer, with a `lie` fault's fields put over its result.
 *
 * @param chain - The network's chain.
 * @param method - The method.
 * @param params - Its params.
 * @param fault - A `lie` fault, if any.
 * @returns The outcome.
 */
function methodOutcome(
  chain: Chain,
  method: string,
  params: unknown,
  fault?: FaultSpec,
): Outcome {
  try {
    const result = dispatch(chain, method, params);
    const lie =
      fault?.kind === 'lie' &&
      fault.method === method &&
      isRecord(result) &&
      isRecord(fault.data)
        ? fault.data
        : undefined;
    return { result: lie && isRecord(result) ? { ...result, ...lie } : result };
  } catch (error) {
    return {
      error:
        error instanceof RpcFailure
          ? error.toJson()
          : new RpcFailure(-32603, 'Internal error', String(error)).toJson(),
    };
  }
}

/**
 * Answers one JSON-RPC request object (undefined for notifications).
 *
 * @param chain - The network's chain.
 * @param traffic - The network's status faults and RPC version.
 * @param entry - The request object.
 * @param fault - An `rpcError` fault to answer instead, or a `lie` to put over the
 * result, if any.
 * @returns The response object.
 */
export function answer(
  chain: Chain,
  traffic: Traffic,
  entry: unknown,
  fault?: FaultSpec,
): JsonObject | undefined {
  const rawId = isRecord(entry) ? entry.id : undefined;
  const id: Json =
    typeof rawId === 'number' || typeof rawId === 'string' ? rawId : null;
  if (!isRecord(entry) || typeof entry.method !== 'string') {
    return {
      jsonrpc: '2.0',
      id,
      error: errors.invalidRequest('expected an object with a method').toJson(),
    };
  }
  const { method, params } = entry;
  const outcome: Outcome =
    fault?.kind === 'rpcError' &&
    (fault.method === undefined || fault.method === method)
      ? {
          error: new RpcFailure(
            fault.code ?? 63,
            fault.message ?? 'An unexpected error occurred',
            fault.data,
          ).toJson(),
        }
      : (modeOutcome(traffic, method, params) ??
        methodOutcome(chain, method, params, fault));
  return entry.id === undefined
    ? undefined
    : { jsonrpc: '2.0', id, ...outcome };
}
