/**
 * The fake node's HTTP server (node:http, loopback only): JSON-RPC 2.0 on `/sepolia`
 * and `/mainnet` (single calls and batches), the admin API on `/__admin/{network}/{op}`,
 * request counting and fault injection. Admin requests are not counted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { NodeContext } from './adminOps';
import { runAdmin } from './adminOps';
import { Chain } from './chain';
import type { NetworkName } from './constants';
import { NETWORKS } from './constants';
import * as errors from './errors';
import { RpcFailure } from './errors';
import type { Json, JsonObject } from './json';
import { isRecord } from './json';
import { answerPaymaster } from './paymaster';
import { dispatch } from './rpc';
import type { FaultSpec, RpcCallRecord } from './traffic';
import { Traffic } from './traffic';

/** A running fake node. */
export type FakeNodeHandle = {
  /** `http://host:port`, without a path. */
  url: string;
  port: number;
  sepoliaUrl: string;
  mainnetUrl: string;
  /** Direct access to the chains and traffic, for in-process tests. */
  node: NodeContext;
  /** Stops listening and drops every open connection (stalled ones included). */
  close(): Promise<void>;
};

/** Options of `startFakeNode`. */
export type FakeNodeOptions = { port?: number; host?: string };

const MAX_BODY = 32 * 1024 * 1024;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
};

/**
 * Reads a request body.
 *
 * @param req - The request.
 * @returns The body text.
 */
async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY) {
      throw new Error('request body too large');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Sends a JSON answer.
 *
 * @param res - The response.
 * @param status - HTTP status.
 * @param body - JSON body.
 */
function sendJson(res: ServerResponse, status: number, body: Json): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...CORS });
  res.end(JSON.stringify(body));
}

/**
 * Answers one JSON-RPC request object (undefined for notifications).
 *
 * @param chain - The network's chain.
 * @param entry - The request object.
 * @param fault - An `rpcError` fault to answer instead, or a `lie` to put over the
 * result, if any.
 * @returns The response object.
 */
function answer(
  chain: Chain,
  entry: unknown,
  fault?: FaultSpec,
): JsonObject | undefined {
  const rawId = isRecord(entry) ? entry.id : undefined;
  const id: Json =
    typeof rawId === 'number' || typeof rawId === 'string' ? rawId : null;
  let outcome: { result: Json } | { error: JsonObject };
  if (!isRecord(entry) || typeof entry.method !== 'string') {
    outcome = {
      error: errors.invalidRequest('expected an object with a method').toJson(),
    };
  } else if (
    fault?.kind === 'rpcError' &&
    (fault.method === undefined || fault.method === entry.method)
  ) {
    outcome = {
      error: new RpcFailure(
        fault.code ?? 63,
        fault.message ?? 'An unexpected error occurred',
        fault.data,
      ).toJson(),
    };
  } else {
    try {
      const result = dispatch(chain, entry.method, entry.params);
      const lie =
        fault?.kind === 'lie' &&
        fault.method === entry.method &&
        isRecord(result) &&
        isRecord(fault.data)
          ? fault.data
          : undefined;
      outcome = {
        result: lie && isRecord(result) ? { ...result, ...lie } : result,
      };
    } catch (error) {
      outcome = {
        error:
          error instanceof RpcFailure
            ? error.toJson()
            : new RpcFailure(-32603, 'Internal error', String(error)).toJson(),
      };
    }
  }
  if (
    isRecord(entry) &&
    entry.id === undefined &&
    typeof entry.method === 'string'
  ) {
    return undefined;
  }
  return { jsonrpc: '2.0', id, ...outcome };
}

/**
 * Starts a fake Starknet node.
 *
 * @param options - Port (default 0: any free port) and host (default 127.0.0.1).
 * @returns The running node.
 */
export async function startFakeNode(
  options: FakeNodeOptions = {},
): Promise<FakeNodeHandle> {
  const host = options.host ?? '127.0.0.1';
  const node: NodeContext = {
    chains: { sepolia: new Chain('sepolia'), mainnet: new Chain('mainnet') },
    traffic: { sepolia: new Traffic(), mainnet: new Traffic() },
  };
  const timers = new Set<NodeJS.Timeout>();
  const sleep = async (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const handleRpc = async (
    req: IncomingMessage,
    res: ServerResponse,
    network: NetworkName,
    body: string,
  ): Promise<void> => {
    const traffic = node.traffic[network];
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
    const methods = entries.flatMap((entry) =>
      isRecord(entry) && typeof entry.method === 'string' ? [entry.method] : [],
    );
    const records = entries.map((entry) => {
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
    // Keeps each answer beside its call, for tests that check answers against the spec.
    const recorded = (entry: unknown, one: JsonObject | undefined): void => {
      const record = records[entries.indexOf(entry)];
      if (record && one) {
        record.answer =
          'error' in one
            ? { error: one.error ?? null }
            : { result: one.result ?? null };
      }
    };
    const fault = traffic.takeFault(methods);
    if (fault?.kind === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'http500') {
      res.writeHead(500, { 'Content-Type': 'text/plain', ...CORS });
      res.end(
        'Internal Server Error (fault injected by the fake Starknet node)',
      );
      return;
    }
    if (fault?.kind === 'malformed') {
      res.writeHead(200, { 'Content-Type': 'application/json', ...CORS });
      res.end('{"jsonrpc":"2.0","id":1,"result":{"trunc');
      return;
    }
    if (fault?.kind === 'stall') {
      if (fault.stallMs === undefined) {
        return; // never answered; close() drops the connection
      }
      await sleep(fault.stallMs);
    }
    const chain = node.chains[network];
    const rpcFault =
      fault?.kind === 'rpcError' || fault?.kind === 'lie' ? fault : undefined;
    if (fault?.kind === 'takeThenDrop') {
      for (const entry of entries) {
        answer(chain, entry);
      }
      req.socket.destroy();
      return;
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) {
        sendJson(res, 200, {
          jsonrpc: '2.0',
          id: null,
          error: errors.invalidRequest('empty batch').toJson(),
        });
        return;
      }
      const answers = parsed.flatMap((entry: unknown) => {
        const one = answer(chain, entry, rpcFault);
        recorded(entry, one);
        return one ? [one] : [];
      });
      if (answers.length === 0) {
        res.writeHead(204, CORS).end();
        return;
      }
      sendJson(res, 200, answers);
      return;
    }
    const one = answer(chain, parsed, rpcFault);
    recorded(parsed, one);
    if (one) {
      sendJson(res, 200, one);
    } else {
      res.writeHead(204, CORS).end();
    }
  };

  const indexed = new Map<string, string>();

  const handle = async (
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(
      /\/+$/u,
      '',
    );
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    const body = await readBody(req);
    const indexer = /^\/([a-z]+)\/indexer\/txns$/u.exec(path);
    if (indexer && req.method === 'GET') {
      const to = new URL(req.url ?? '/', 'http://localhost').searchParams.get(
        'to',
      );
      const all: unknown = JSON.parse(indexed.get(indexer[1] ?? '') ?? '[]');
      const items = (Array.isArray(all) ? all : []).filter(
        (item) =>
          isRecord(item) &&
          typeof item.senderAddress === 'string' &&
          to !== null &&
          BigInt(item.senderAddress) === BigInt(to),
      );
      res
        .writeHead(200, { 'Content-Type': 'application/json', ...CORS })
        .end(JSON.stringify({ items, lastPage: 1 }));
      return;
    }
    const admin = /^\/__admin\/([a-z]+)\/([A-Za-z]+)$/u.exec(path);
    if (admin) {
      const network = NETWORKS.find((it) => it === admin[1]);
      if (!network || req.method !== 'POST') {
        sendJson(res, 404, { error: `no admin route ${path}` });
        return;
      }
      // The Voyager-style indexer history (GET /{network}/indexer/txns?to=…) is
      // test data the server keeps beside the chain.
      if (admin[2] === 'setIndexed' || admin[2] === 'reset') {
        const args: unknown = body.trim() ? JSON.parse(body) : {};
        indexed.set(
          network,
          JSON.stringify(
            isRecord(args) && Array.isArray(args.items) ? args.items : [],
          ),
        );
        if (admin[2] === 'setIndexed') {
          sendJson(res, 200, { result: null });
          return;
        }
      }
      try {
        const args: unknown = body.trim() ? JSON.parse(body) : {};
        const result = runAdmin(
          node,
          network,
          admin[2] ?? '',
          isRecord(args) ? args : {},
        );
        sendJson(res, 200, { result });
      } catch (error) {
        const message =
          error instanceof RpcFailure && typeof error.data === 'string'
            ? `${error.message}: ${error.data}`
            : String(error instanceof Error ? error.message : error);
        sendJson(res, 400, { error: message });
      }
      return;
    }
    const paymaster = /^\/([a-z]+)\/paymaster$/u.exec(path);
    const paymasterNetwork = NETWORKS.find((it) => it === paymaster?.[1]);
    if (paymasterNetwork && req.method === 'POST') {
      // The fake SNIP-29 paymaster (paymaster.ts), on the same chains.
      const reply = answerPaymaster(node.chains[paymasterNetwork], body);
      if (reply) {
        sendJson(res, 200, reply);
      } else {
        req.socket.destroy();
      }
      return;
    }
    const network = NETWORKS.find((it) => path === `/${it}`);
    if (!network) {
      sendJson(res, 404, {
        error: `nothing at ${path}; use /sepolia or /mainnet`,
      });
      return;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'JSON-RPC needs POST' });
      return;
    }
    await handleRpc(req, res, network, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        sendJson(res, 500, { error: String(error) });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  const running: FakeNodeHandle = {
    url,
    port,
    sepoliaUrl: `${url}/sepolia`,
    mainnetUrl: `${url}/mainnet`,
    node,
    close: async () => {
      for (const timer of timers) {
        clearTimeout(timer);
      }
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return running;
}
