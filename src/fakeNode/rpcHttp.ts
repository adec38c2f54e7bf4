/**
 * The fake node's JSON-RPC over HTTP (single calls and batches): counts each request
 * and call, applies the queued transport faults (refuse, HTTP 500, malformed JSON,
 * stall, take-then-drop), and answers each call (answer.ts), keeping each answer beside
 * its call for tests that check answers against the spec.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { answer } from './answer';
import type { Chain } from './chain';
import * as errors from './errors';
import type { Json, JsonObject } from './json';
import { isRecord } from './json';
import type { FaultSpec, RpcCallRecord, Traffic } from './traffic';

/** CORS headers of every answer (the snap and browser dapps call the node). */
export const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
};

/**
 * Sends a JSON answer.
 *
 * @param res - The response.
 * @param status - HTTP status.
 * @param body - JSON body.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: Json,
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...CORS });
  res.end(JSON.stringify(body));
}

/** One network's chain and traffic, and the server's timer-aware sleep. */
export type RpcTarget = {
  chain: Chain;
  traffic: Traffic;
  sleep: (ms: number) => Promise<void>;
};

/**
 * Records each call of a request in the traffic log.
 *
 * @param traffic - The network's traffic.
 * @param entries - The request objects.
 * @returns Each entry's record (undefined for one without a method).
 */
function recordCalls(
  traffic: Traffic,
  entries: unknown[],
): (RpcCallRecord | undefined)[] {
  return entries.map((entry) => {
    if (!isRecord(entry) || typeof entry.method !== 'string') {
      return undefined;
    }
    const record: RpcCallRecord = {
      method: entry.method,
      params: JSON.parse(JSON.stringify(entry.params ?? null)) as Json,
    };
    traffic.rpcCalls.push(record);
    return record;
  });
}

/**
 * Applies a transport fault.
 *
 * @param req - The request.
 * @param res - The response.
 * @param fault - The fault taken for this request.
 * @param sleep - Timer-aware sleep.
 * @returns Whether the request is finished (else it is answered normally).
 */
async function transportFault(
  req: IncomingMessage,
  res: ServerResponse,
  fault: FaultSpec | undefined,
  sleep: (ms: number) => Promise<void>,
): Promise<boolean> {
  switch (fault?.kind) {
    case 'refuse':
      req.socket.destroy();
      return true;
    case 'http500':
      res.writeHead(500, { 'Content-Type': 'text/plain', ...CORS });
      res.end(
        'Internal Server Error (fault injected by the fake Starknet node)',
      );
      return true;
    case 'malformed':
      res.writeHead(200, { 'Content-Type': 'application/json', ...CORS });
      res.end('{"jsonrpc":"2.0","id":1,"result":{"trunc');
      return true;
    case 'stall':
      if (fault.stallMs === undefined) {
        return true; // never answered; close() drops the connection
      }
      await sleep(fault.stallMs);
      return false;
    default:
      return false;
  }
}

/**
 * Answers the calls of a request (the body's object, or each of a batch).
 *
 * @param res - The response.
 * @param parsed - The parsed body.
 * @param answerOne - Answers and records one entry.
 */
function sendAnswers(
  res: ServerResponse,
  parsed: unknown,
  answerOne: (entry: unknown) => JsonObject | undefined,
): void {
  if (Array.isArray(parsed) && parsed.length === 0) {
    sendJson(res, 200, {
      jsonrpc: '2.0',
      id: null,
      error: errors.invalidRequest('empty batch').toJson(),
    });
    return;
  }
  const answers = (Array.isArray(parsed) ? parsed : [parsed]).flatMap(
    (entry: unknown) => {
      const one = answerOne(entry);
      return one ? [one] : [];
    },
  );
  if (answers.length === 0) {
    res.writeHead(204, CORS).end();
    return;
  }
  sendJson(res, 200, Array.isArray(parsed) ? answers : (answers[0] ?? null));
}

/**
 * Handles one JSON-RPC HTTP request of a network.
 *
 * @param req - The request.
 * @param res - The response.
 * @param target - The network's chain and traffic.
 * @param body - The request body.
 */
export async function handleRpc(
  req: IncomingMessage,
  res: ServerResponse,
  target: RpcTarget,
  body: string,
): Promise<void> {
  const { chain, traffic } = target;
  traffic.httpRequests += 1;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    sendJson(res, 200, {
      jsonrpc: '2.0',
      id: null,
      error: errors.parseError().toJson(),
    });
    return;
  }
  const entries: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const records = recordCalls(traffic, entries);
  const fault = traffic.takeFault(
    entries.flatMap((entry) =>
      isRecord(entry) && typeof entry.method === 'string' ? [entry.method] : [],
    ),
  );
  if (await transportFault(req, res, fault, target.sleep)) {
    return;
  }
  if (fault?.kind === 'takeThenDrop') {
    entries.forEach((entry) => answer(chain, traffic, entry));
    req.socket.destroy();
    return;
  }
  const rpcFault =
    fault?.kind === 'rpcError' || fault?.kind === 'lie' ? fault : undefined;
  sendAnswers(res, parsed, (entry) => {
    const one = answer(chain, traffic, entry, rpcFault);
    const record = records[entries.indexOf(entry)];
    if (record && one) {
      record.answer =
        'error' in one
          ? { error: one.error ?? null }
          : { result: one.result ?? null };
    }
    return one;
  });
}
