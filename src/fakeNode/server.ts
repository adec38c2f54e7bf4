/**
 * The fake node's HTTP server (node:http, loopback only): JSON-RPC 2.0 on `/sepolia`
 * and `/mainnet` (single calls and batches: rpcHttp.ts), the admin API on
 * `/__admin/{network}/{op}`, the fake paymaster and indexer. Admin requests are not
 * counted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { NodeContext } from './adminOps';
import { runAdmin } from './adminOps';
import { Chain } from './chain';
import { NETWORKS } from './constants';
import { RpcFailure } from './errors';
import { isRecord } from './json';
import { answerPaymaster } from './paymaster';
import { CORS, handleRpc, sendJson } from './rpcHttp';
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

/** What the request handlers share: chains, traffic, indexer data and a timer-aware sleep. */
type Server = {
  node: NodeContext;
  /** The Voyager-style indexer history per network (JSON text), kept beside the chain. */
  indexed: Map<string, string>;
  sleep: (ms: number) => Promise<void>;
};

/**
 * Answers the Voyager-style indexer (`GET /{network}/indexer/txns?to=…`).
 *
 * @param server - Shared state.
 * @param req - The request.
 * @param res - The response.
 * @param network - The network path segment.
 */
function answerIndexer(
  server: Server,
  req: IncomingMessage,
  res: ServerResponse,
  network: string,
): void {
  const to = new URL(req.url ?? '/', 'http://localhost').searchParams.get('to');
  const all: unknown = JSON.parse(server.indexed.get(network) ?? '[]');
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
}

/**
 * Answers an admin request (`POST /__admin/{network}/{op}`).
 *
 * @param server - Shared state.
 * @param req - The request.
 * @param res - The response.
 * @param route - Network and operation from the path.
 * @param route.network - The network path segment.
 * @param route.op - The operation name.
 * @param body - The request body.
 */
function answerAdmin(
  server: Server,
  req: IncomingMessage,
  res: ServerResponse,
  route: { network: string; op: string },
  body: string,
): void {
  const network = NETWORKS.find((it) => it === route.network);
  if (!network || req.method !== 'POST') {
    sendJson(res, 404, {
      error: `no admin route ${route.network}/${route.op}`,
    });
    return;
  }
  try {
    const args: unknown = body.trim() ? JSON.parse(body) : {};
    const named = isRecord(args) ? args : {};
    // The indexer history is test data the server keeps beside the chain.
    if (route.op === 'setIndexed' || route.op === 'reset') {
      server.indexed.set(
        network,
        JSON.stringify(Array.isArray(named.items) ? named.items : []),
      );
    }
    const result =
      route.op === 'setIndexed'
        ? null
        : runAdmin(server.node, network, route.op, named);
    sendJson(res, 200, { result });
  } catch (error) {
    const message =
      error instanceof RpcFailure && typeof error.data === 'string'
        ? `${error.message}: ${error.data}`
        : String(error instanceof Error ? error.message : error);
    sendJson(res, 400, { error: message });
  }
}

/**
 * Routes one HTTP request.
 *
 * @param server - Shared state.
 * @param req - The request.
 * @param res - The response.
 */
async function handle(
  server: Server,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
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
    answerIndexer(server, req, res, indexer[1] ?? '');
    return;
  }
  const admin = /^\/__admin\/([a-z]+)\/([A-Za-z0-9]+)$/u.exec(path);
  if (admin) {
    const route = { network: admin[1] ?? '', op: admin[2] ?? '' };
    answerAdmin(server, req, res, route, body);
    return;
  }
  const paymaster = NETWORKS.find((it) => path === `/${it}/paymaster`);
  if (paymaster && req.method === 'POST') {
    // The fake SNIP-29 paymaster (paymaster.ts), on the same chains.
    const reply = answerPaymaster(server.node.chains[paymaster], body);
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
  } else if (req.method === 'POST') {
    const target = {
      chain: server.node.chains[network],
      traffic: server.node.traffic[network],
      sleep: server.sleep,
    };
    await handleRpc(req, res, target, body);
  } else {
    sendJson(res, 405, { error: 'JSON-RPC needs POST' });
  }
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
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = {
    node: {
      chains: { sepolia: new Chain('sepolia'), mainnet: new Chain('mainnet') },
      traffic: { sepolia: new Traffic(), mainnet: new Traffic() },
    },
    indexed: new Map(),
    sleep: async (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
  };
  const http = createServer((req, res) => {
    handle(server, req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        sendJson(res, 500, { error: String(error) });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  return {
    url,
    port,
    sepoliaUrl: `${url}/sepolia`,
    mainnetUrl: `${url}/mainnet`,
    node: server.node,
    close: async () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
