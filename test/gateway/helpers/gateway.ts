import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RawData } from 'ws';
import { WebSocket, WebSocketServer } from 'ws';

/** A JSON-RPC request as the gateway saw it. */
export type SeenRequest = {
  /** How it came. */
  transport: 'http' | 'ws';
  /** The key in the path. */
  key: string;
  /** The method, when the body parsed. */
  method: string | undefined;
  /** The params, when the body parsed. */
  params: unknown;
};

/** A JSON-RPC request body. */
export type RpcRequest = {
  /** The id. */
  id: unknown;
  /** The method. */
  method: string;
  /** The params. */
  params: unknown;
};

/** Answers a request with a full JSON-RPC response object. */
export type Upstream = (request: RpcRequest) => Promise<unknown>;

/** What the gateway does with the next request instead of forwarding it. */
export type Scripted =
  /** An HTTP answer (HTTP only). */
  | {
      kind: 'http';
      status: number;
      headers?: Record<string, string>;
      body?: string;
    }
  /** A JSON-RPC error answer with the request's id (HTTP status 200 unless given). */
  | {
      kind: 'rpc-error';
      status?: number;
      error: { code: number; message: string; data?: unknown };
    }
  /** Never answer. */
  | { kind: 'hang' }
  /** Destroy the connection (HTTP socket or WebSocket) without answering. */
  | { kind: 'drop' }
  /** Forward, but hold the answer until `release()`. */
  | { kind: 'hold' };

/** The local gateway. */
export type Gateway = {
  /** `{base_url}`: `http://127.0.0.1:<port>`. */
  url: string;
  /** `{ws_url}`: `ws://127.0.0.1:<port>`. */
  wsUrl: string;
  /** Every JSON-RPC request received (HTTP posts and WebSocket messages). */
  seen: SeenRequest[];
  /** WebSocket connections accepted so far. */
  connections(): number;
  /** Queues behaviours for the next requests, in order. */
  script(...items: Scripted[]): void;
  /** Sends the answers held by `hold`. */
  release(): void;
  /** Clears `seen` and the script. */
  reset(): void;
  /** Stops the server, closing every connection. */
  stop(): Promise<void>;
};

/** Options of {@link startGateway}. */
export type GatewayOptions = {
  /** The accepted key. */
  apiKey: string;
  /** A key answered with 403 "rejected due to project ID settings". */
  blockedKey?: string;
  /** Answers forwarded requests. */
  upstream: Upstream;
  /** When set, WebSocket clients are piped to this WebSocket (anvil's). */
  upstreamWsUrl?: string;
};

/**
 * Forwards requests to a JSON-RPC node over HTTP.
 *
 * @param nodeUrl - The node's URL.
 * @returns The upstream.
 */
export function httpUpstream(nodeUrl: string): Upstream {
  return async (request) => {
    const response = await fetch(nodeUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', ...request }),
    });
    return (await response.json()) as unknown;
  };
}

/**
 * Parses a body as a JSON-RPC request.
 *
 * @param text - The body.
 * @returns The request, or undefined.
 */
function parseRequest(text: string): RpcRequest | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      typeof value.method === 'string'
    ) {
      return {
        id: 'id' in value ? value.id : null,
        method: value.method,
        params: 'params' in value ? value.params : undefined,
      };
    }
  } catch {
    // Not JSON: recorded with no method.
  }
  return undefined;
}

/**
 * Starts a small gateway on 127.0.0.1 (OS-chosen port) that serves `/v3/<KEY>` over
 * HTTP and `/ws/v3/<KEY>` over WebSocket like the real one: it checks the key (401, or
 * 403 with "rejected due to project ID settings" for the blocked key), counts every
 * request and, on demand, answers 402/429/500, JSON-RPC errors, hangs or drops.
 *
 * @param options - Gateway options.
 * @returns The running gateway.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const seen: SeenRequest[] = [];
  let script: Scripted[] = [];
  let held: (() => void)[] = [];
  let accepted = 0;
  const sockets = new Set<Socket>();

  const keyStatus = (key: string): 200 | 401 | 403 => {
    if (key === options.apiKey) {
      return 200;
    }
    return key === options.blockedKey ? 403 : 401;
  };

  const handleHttp = async (
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString();
    const match = /^\/v3\/([^/?]+)$/u.exec(request.url ?? '');
    const rpc = parseRequest(text);
    seen.push({
      transport: 'http',
      key: match?.[1] ?? '',
      method: rpc?.method,
      params: rpc?.params,
    });
    if (!match?.[1] || request.method !== 'POST') {
      response.writeHead(404).end('not found');
      return;
    }
    const status = keyStatus(match[1]);
    if (status === 401) {
      response.writeHead(401, { 'Content-Type': 'text/plain' });
      response.end('invalid project id\n');
      return;
    }
    if (status === 403) {
      response.writeHead(403, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: rpc?.id ?? null,
          error: {
            code: -32002,
            message: 'rejected due to project ID settings',
          },
        }),
      );
      return;
    }
    if (!rpc) {
      response.writeHead(400).end('bad request');
      return;
    }
    const next = script.shift();
    if (next?.kind === 'http') {
      response.writeHead(next.status, next.headers).end(next.body ?? '');
      return;
    }
    if (next?.kind === 'rpc-error') {
      response.writeHead(next.status ?? 200, {
        'Content-Type': 'application/json',
      });
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id: rpc.id, error: next.error }),
      );
      return;
    }
    if (next?.kind === 'hang') {
      return;
    }
    if (next?.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    const answer = JSON.stringify(await options.upstream(rpc));
    const send = (): void => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(answer);
    };
    if (next?.kind === 'hold') {
      held.push(send);
    } else {
      send();
    }
  };

  const server = createServer((request, response) => {
    handleHttp(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const serveWebSocket = (client: WebSocket, key: string): void => {
    const upstreamSocket = options.upstreamWsUrl
      ? new WebSocket(options.upstreamWsUrl)
      : undefined;
    const toUpstream: string[] = [];
    upstreamSocket?.on('open', () => {
      for (const text of toUpstream.splice(0)) {
        upstreamSocket.send(text);
      }
    });
    const holdIds = new Set<unknown>();
    upstreamSocket?.on('message', (data) => {
      const text = rawText(data);
      const id = parseAnswerId(text);
      if (holdIds.has(id)) {
        holdIds.delete(id);
        held.push(() => client.send(text));
      } else {
        client.send(text);
      }
    });
    upstreamSocket?.on('close', () => client.terminate());
    upstreamSocket?.on('error', () => client.terminate());
    client.on('close', () => upstreamSocket?.terminate());

    client.on('message', (data) => {
      const text = rawText(data);
      const rpc = parseRequest(text);
      seen.push({
        transport: 'ws',
        key,
        method: rpc?.method,
        params: rpc?.params,
      });
      if (!rpc) {
        return;
      }
      const next = script.shift();
      if (next?.kind === 'rpc-error') {
        client.send(
          JSON.stringify({ jsonrpc: '2.0', id: rpc.id, error: next.error }),
        );
        return;
      }
      if (next?.kind === 'hang' || next?.kind === 'http') {
        return;
      }
      if (next?.kind === 'drop') {
        client.terminate();
        return;
      }
      if (next?.kind === 'hold') {
        holdIds.add(rpc.id);
      }
      if (upstreamSocket) {
        if (upstreamSocket.readyState === WebSocket.OPEN) {
          upstreamSocket.send(text);
        } else {
          toUpstream.push(text);
        }
        return;
      }
      options
        .upstream(rpc)
        .then((answer) => {
          const reply = (): void => client.send(JSON.stringify(answer));
          if (holdIds.delete(rpc.id)) {
            held.push(reply);
            return undefined;
          }
          return reply();
        })
        .catch(() => client.terminate());
    });
  };

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const match = /^\/ws\/v3\/([^/?]+)$/u.exec(request.url ?? '');
    const status = match?.[1] ? keyStatus(match[1]) : 404;
    if (status !== 200) {
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (client) => {
      accepted += 1;
      serveWebSocket(client, match?.[1] ?? '');
    });
  });

  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    seen,
    connections: () => accepted,
    script(...items) {
      script.push(...items);
    },
    release() {
      const pending = held;
      held = [];
      for (const send of pending) {
        send();
      }
    },
    reset() {
      seen.length = 0;
      script = [];
      held = [];
    },
    async stop() {
      for (const client of wss.clients) {
        client.terminate();
      }
      wss.close();
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Reads the id of a JSON-RPC answer.
 *
 * @param text - The answer.
 * @returns The id, or undefined.
 */
function parseAnswerId(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'id' in value
      ? value.id
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a WebSocket message as text.
 *
 * @param data - The message.
 * @returns Its UTF-8 text.
 */
function rawText(data: RawData): string {
  if (Array.isArray(data)) {
    return Buffer.concat(data).toString('utf8');
  }
  return Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Buffer.from(new Uint8Array(data)).toString('utf8');
}
