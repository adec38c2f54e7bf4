/**
 * The admin operations on a network's traffic: request counts, queued faults, status
 * faults of chosen hashes and the RPC version the node speaks.
 */
import type { Json } from './json';
import type {
  FaultKind,
  FaultSpec,
  RpcVersion,
  StatusFaultKind,
  Traffic,
} from './traffic';

const FAULT_KINDS: FaultKind[] = [
  'http500',
  'malformed',
  'rpcError',
  'stall',
  'refuse',
  'takeThenDrop',
  'lie',
];

const STATUS_FAULT_KINDS: StatusFaultKind[] = ['notFound', 'internal'];

const RPC_VERSIONS: RpcVersion[] = ['0.10', '0.8'];

/**
 * Reads an optional finite number argument.
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The number, if given.
 */
function numberArg(
  args: Record<string, unknown>,
  key: string,
): number | undefined {
  const value = args[key];
  if (
    value !== undefined &&
    (typeof value !== 'number' || !Number.isFinite(value))
  ) {
    throw new Error(`${key} must be a number`);
  }
  return value;
}

/**
 * Reads an optional string argument.
 *
 * @param args - Arguments.
 * @param key - Name.
 * @returns The string, if given.
 */
function stringArg(
  args: Record<string, unknown>,
  key: string,
): string | undefined {
  const value = args[key];
  if (value !== undefined && typeof value !== 'string') {
    throw new Error(`${key} must be a string`);
  }
  return value;
}

/**
 * Reads a fault specification.
 *
 * @param args - Arguments.
 * @returns The fault.
 */
function faultArg(args: Record<string, unknown>): FaultSpec {
  const kind = FAULT_KINDS.find((it) => it === args.kind);
  if (!kind) {
    throw new Error(`kind must be one of ${FAULT_KINDS.join(', ')}`);
  }
  const data = args.data as Json | undefined;
  return {
    kind,
    times: numberArg(args, 'times'),
    method: stringArg(args, 'method'),
    stallMs: numberArg(args, 'stallMs'),
    code: numberArg(args, 'code'),
    message: stringArg(args, 'message'),
    ...(data === undefined ? {} : { data }),
  };
}

/**
 * Sets a status fault: `{ hash, kind: 'notFound' | 'internal', times? }`.
 *
 * @param traffic - The network's traffic.
 * @param args - Arguments.
 */
function statusFault(traffic: Traffic, args: Record<string, unknown>): void {
  const kind = STATUS_FAULT_KINDS.find((it) => it === args.kind);
  if (!kind) {
    throw new Error(`kind must be one of ${STATUS_FAULT_KINDS.join(', ')}`);
  }
  let hash: bigint;
  try {
    hash = BigInt(stringArg(args, 'hash') ?? '');
  } catch {
    throw new Error('hash must be a felt (hex or decimal string)');
  }
  traffic.addStatusFault(hash, kind, numberArg(args, 'times'));
}

/**
 * Runs a traffic admin operation, or returns undefined for other operations.
 *
 * @param traffic - The network's traffic.
 * @param op - Operation name.
 * @param args - Its arguments.
 * @returns The JSON result, or undefined when `op` is not one of these.
 */
export function runTrafficAdmin(
  traffic: Traffic,
  op: string,
  args: Record<string, unknown>,
): Json | undefined {
  switch (op) {
    case 'requests':
      return { httpRequests: traffic.httpRequests, rpcCalls: traffic.rpcCalls };
    case 'clearRequests':
      traffic.clearRequests();
      return null;
    case 'fault':
      traffic.addFault(faultArg(args));
      return null;
    case 'clearFaults':
      traffic.clearFaults();
      return null;
    case 'statusFault':
      statusFault(traffic, args);
      return null;
    case 'setRpcVersion': {
      const version = RPC_VERSIONS.find((it) => it === args.version);
      if (!version) {
        throw new Error(`version must be one of ${RPC_VERSIONS.join(', ')}`);
      }
      traffic.rpcVersion = version;
      return null;
    }
    default:
      return undefined;
  }
}
