import type { Json } from '@metamask/utils';

import { DomainError, walletData, WalletCode } from './base';
import { nodeReasonOf } from './nodeReason';

/**
 * Node error codes that say the node failed, not that it refused the request; a 63
 * with a reason in `data` is the gateway's refusal (a stateless check) and reads as one.
 */
const NODE_FAULT_CODES = new Set([63, -32603]);

/**
 * The Starknet node failed or refused a request. Keeps the node's own code, message
 * and data (or the HTTP status when it never answered JSON-RPC) so the dapp sees what
 * the node said, never a bare "unknown error". The message speaks of what the user
 * asked for (`action`, the snap method), names the node by host only (the full URL may
 * hold an API key) and says what the user can do when the node itself is at fault.
 */
export class NodeRequestFailed extends DomainError {
  readonly rpc = 'internal';

  /** The node method(s) of the failed request, comma-separated for a batch. */
  readonly method: string;

  readonly code: number | undefined;

  readonly data: Json | undefined;

  readonly httpStatus: number | undefined;

  readonly host: string | undefined;

  /**
   * The node's own words (its JSON-RPC error message, or what the client saw), already
   * scrubbed of the node's URL secrets (and host, for a hidden node) by the client:
   * what the protocol path forwards as the error's message.
   */
  readonly nodeMessage: string;

  /**
   * Whether the node may have received the request although its answer was lost
   * (connection dropped, timeout, 5xx): a send that failed this way may have gone
   * through.
   */
  readonly lost: boolean;

  /**
   * @param details - What the node answered.
   * @param details.method - The JSON-RPC method(s) that failed.
   * @param details.message - What the node did: "could not be reached (…)", "answered HTTP 500", or the node's own message.
   * @param details.code - The node's JSON-RPC error code, when it answered one.
   * @param details.data - The node's error data, when given.
   * @param details.httpStatus - The HTTP status, when the failure was at the HTTP level.
   * @param details.host - The node's host, never its full URL.
   * @param details.hidden - The user's own node, not named to a page ("your node").
   * @param details.action - What the user asked for (the snap method).
   * @param details.lost - Whether the answer, not the request, may be what was lost.
   * @param options - Optional cause.
   * @param options.cause - The underlying error (fetch failure, parse error).
   */
  constructor(
    details: {
      method: string;
      message: string;
      code?: number | undefined;
      data?: Json | undefined;
      httpStatus?: number | undefined;
      host?: string | undefined;
      /** The user's own node, unnamed for a page. */
      hidden?: boolean | undefined;
      action?: string | undefined;
      lost?: boolean | undefined;
    },
    options?: {
      cause?: unknown;
    },
  ) {
    let node = details.hidden ? 'your Starknet node' : 'the Starknet node';
    if (details.host) {
      node = `the Starknet node at ${details.host}`;
    }
    const reason =
      details.code === undefined
        ? undefined
        : nodeReasonOf(details.code, details.data);
    const what =
      details.code === undefined ||
      (NODE_FAULT_CODES.has(details.code) && reason === undefined)
        ? `${node} ${details.code === undefined ? details.message : `failed: ${details.message}`}. Try again; if it keeps failing, check this network's node on the snap's home page.`
        : `${node} refused it: ${details.message} (code ${details.code})${reason === undefined ? '' : `: ${reason}`}${reason?.endsWith('.') ? '' : '.'}`;
    super(`${details.action ?? 'The request'} failed: ${what}`, options);
    this.name = 'NodeRequestFailed';
    this.method = details.method;
    this.code = details.code;
    this.data = details.data;
    this.httpStatus = details.httpStatus;
    this.host = details.host;
    this.nodeMessage = details.message;
    this.lost = details.lost ?? false;
  }

  /** @returns `data.node`: method, code, message, data, HTTP status and host, where known. */
  details(): Record<string, Json> {
    const details: Record<string, Json> = {
      method: this.method,
      message: this.message,
    };
    const known = {
      code: this.code,
      data: this.data,
      httpStatus: this.httpStatus,
      host: this.host,
    };
    for (const [name, value] of Object.entries(known)) {
      if (value !== undefined) {
        details[name] = value;
      }
    }
    return details;
  }

  rpcData(): Record<string, Json> {
    return walletData(WalletCode.Unknown, { node: this.details() });
  }
}

/**
 * The Starknet JSON-RPC versions the snap speaks: 0.10.x (it is written to spec 0.10.0;
 * patch releases add nothing it relies on: pathfinder's `/rpc/v0_10` answers 0.10.2).
 */
export const SPOKEN_RPC = /^0\.10(?:\.\d+)?(?:-[\w.]+)?$/u;

/**
 * The node speaks another Starknet JSON-RPC version than the snap's (its
 * `starknet_specVersion`): its answers would be misread, so nothing is asked of it. The
 * usual case is pathfinder's root URL, which serves 0.8 by default.
 */
export class NodeVersionUnsupported extends NodeRequestFailed {
  /** The version the node named. */
  readonly found: string;

  /**
   * @param found - The node's `starknet_specVersion`.
   * @param where - The node's host and what the user asked for.
   * @param where.host - The node's host; undefined for the user's own node asked by a
   * page ("your Starknet node").
   * @param where.action - The snap method.
   */
  constructor(
    found: string,
    where: { host?: string | undefined; action?: string },
  ) {
    super({
      method: 'starknet_specVersion',
      message: `speaks Starknet JSON-RPC ${found}`,
      data: { specVersion: found, needed: '0.10' },
      host: where.host,
      hidden: where.host === undefined,
      action: where.action,
    });
    this.name = 'NodeVersionUnsupported';
    this.found = found;
    const node = where.host
      ? `the Starknet node at ${where.host}`
      : 'your Starknet node';
    this.message = `${where.action ?? 'The request'} failed: ${node} speaks Starknet JSON-RPC ${found}, but snapnet needs 0.10 (0.10.x). Pathfinder serves 0.10 at /rpc/v0_10 of the same host (its root URL serves 0.8 by default): set that URL as this network's node on the snap's home page.`;
  }
}

/**
 * The data of an error a node failure may be behind: `extra`, and `node` (the failure's
 * details) when `cause` is one.
 *
 * @param code - Starknet wallet-API code.
 * @param extra - The error's own fields.
 * @param cause - What caused it.
 * @returns The error data.
 */
export function dataWithNode(
  code: number,
  extra: Record<string, Json>,
  cause: unknown,
): Record<string, Json> {
  return walletData(
    code,
    cause instanceof NodeRequestFailed
      ? { ...extra, node: cause.details() }
      : extra,
  );
}
