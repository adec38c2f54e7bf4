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
