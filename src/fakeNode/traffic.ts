/**
 * Per-network record of the JSON-RPC traffic the node received, and the faults the admin
 * API queued for it. Shared by the HTTP server (which counts and applies faults) and the
 * admin operations (which read and configure them).
 */
import type { Json } from './json';

/** How an injected fault breaks an answer. */
export type FaultKind =
  | 'http500'
  | 'malformed'
  | 'rpcError'
  | 'stall'
  | 'refuse'
  /** Handles the request (a transaction is taken) and drops the connection unanswered. */
  | 'takeThenDrop'
  /**
   * Handles the request, then answers the matching call's result with the fields of
   * `data` put over it (a node lying about a transaction hash, address, class hash).
   */
  | 'lie';

/** A queued fault (wire shape of the admin `fault` operation). */
export type FaultSpec = {
  kind: FaultKind;
  /** How many matching HTTP requests it breaks (default 1). */
  times?: number;
  /** Only requests containing a call to this method (default: any request). */
  method?: string;
  /** `stall`: delay before answering normally; omitted = never answer. */
  stallMs?: number;
  /** `rpcError`: the error's code (default 63) and message. */
  code?: number;
  message?: string;
  data?: Json;
};

/**
 * How `starknet_getTransactionStatus` fails for a chosen hash: `notFound` answers 29
 * (TXN_HASH_NOT_FOUND) as another instance behind a load-balanced provider does for a
 * transaction it did not submit itself (pathfinder's `submission_tracker`, juno's
 * `submittedTransactionsCache`); `internal` answers -32603 as juno does while its
 * feeder gateway is unreachable.
 */
export type StatusFaultKind = 'notFound' | 'internal';

/** A status fault (wire shape of the admin `statusFault` operation). */
export type StatusFaultSpec = {
  hash: string;
  kind: StatusFaultKind;
  /** How many status calls of that hash it answers (default: until cleared). */
  times?: number;
};

/**
 * The JSON-RPC version the node speaks: 0.10 (the snap's), or 0.8, what pathfinder
 * serves on its root URL by default (`--rpc.root-version`, default `v08`).
 */
export type RpcVersion = '0.10' | '0.8';

/** One JSON-RPC call as received, and the node's answer (`result` or `error`) when it gave one. */
export type RpcCallRecord = {
  method: string;
  params: Json;
  answer?: { result: Json } | { error: Json };
};

/** Traffic and queued faults of one network path. */
export class Traffic {
  httpRequests = 0;

  rpcCalls: RpcCallRecord[] = [];

  faults: (FaultSpec & { remaining: number })[] = [];

  statusFaults = new Map<
    bigint,
    { kind: StatusFaultKind; remaining: number }
  >();

  rpcVersion: RpcVersion = '0.10';

  /** Forgets queued faults and status faults (not the RPC version). */
  clearFaults(): void {
    this.faults = [];
    this.statusFaults = new Map();
  }

  /**
   * Sets a status fault for one hash (replacing one set before).
   *
   * @param hash - The transaction hash.
   * @param kind - How its status call fails.
   * @param times - How many calls (default: until cleared).
   */
  addStatusFault(hash: bigint, kind: StatusFaultKind, times?: number): void {
    this.statusFaults.set(hash, {
      kind,
      remaining: times ?? Number.POSITIVE_INFINITY,
    });
  }

  /**
   * Takes the status fault of a hash, using up one of its times.
   *
   * @param hash - The hash asked about.
   * @returns How the call fails, if it does.
   */
  takeStatusFault(hash: bigint): StatusFaultKind | undefined {
    const fault = this.statusFaults.get(hash);
    if (!fault) {
      return undefined;
    }
    fault.remaining -= 1;
    if (fault.remaining <= 0) {
      this.statusFaults.delete(hash);
    }
    return fault.kind;
  }

  /** Forgets counted requests. */
  clearRequests(): void {
    this.httpRequests = 0;
    this.rpcCalls = [];
  }

  /**
   * Queues a fault.
   *
   * @param fault - What to break and how often.
   */
  addFault(fault: FaultSpec): void {
    this.faults.push({ ...fault, remaining: fault.times ?? 1 });
  }

  /**
   * Takes the first queued fault matching a request's methods, using up one of its
   * times.
   *
   * @param methods - Methods called by the request.
   * @returns The fault to apply, if any.
   */
  takeFault(methods: string[]): FaultSpec | undefined {
    const index = this.faults.findIndex(
      (fault) =>
        fault.remaining > 0 &&
        (fault.method === undefined || methods.includes(fault.method)),
    );
    const fault = this.faults[index];
    if (!fault) {
      return undefined;
    }
    fault.remaining -= 1;
    if (fault.remaining <= 0) {
      this.faults.splice(index, 1);
    }
    return fault;
  }
}
