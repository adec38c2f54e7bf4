import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';

/** A running anvil node on 127.0.0.1 and a plain JSON-RPC caller for it. */
export type Anvil = {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** `ws://127.0.0.1:<port>` (anvil serves WebSocket on the same port, at /). */
  wsUrl: string;
  /** Calls anvil directly with fetch: the independent view the tests compare with. */
  rpc(method: string, params?: unknown[]): Promise<RpcAnswer>;
  /** Stops the node and waits for it to exit. */
  stop(): Promise<void>;
};

/** A raw JSON-RPC answer. */
export type RpcAnswer = {
  /** Present on success. */
  result?: unknown;
  /** Present on failure. */
  error?: { code: number; message: string; data?: unknown };
};

/**
 * The anvil binary of this platform, shipped by the npm package
 * `@foundry-rs/anvil-<platform>-<arch>` (the platform half of `@foundry-rs/anvil`, which
 * this project depends on directly: see package.json `optionalDependencies`).
 *
 * @returns Its path.
 */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platformPackage = require.resolve(
    `@foundry-rs/anvil-${process.platform}-${arch}/package.json`,
  );
  return join(dirname(platformPackage), 'bin', 'anvil');
}

/**
 * Starts anvil on 127.0.0.1 with an OS-chosen port (read from its output) and keeps
 * draining its output so that it never blocks on a full pipe.
 *
 * @param startupMs - How long to wait for it to listen.
 * @returns The running node.
 */
export async function startAnvil(startupMs = 60_000): Promise<Anvil> {
  const child: ChildProcess = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`anvil did not start within ${startupMs} ms: ${output}`),
      );
    }, startupMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output.length < 100_000) {
        output += chunk.toString();
      }
      const match = /Listening on 127\.0\.0\.1:(\d+)/u.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited with ${String(code)}: ${output}`));
    });
  });

  const url = `http://127.0.0.1:${port}`;
  let nextId = 1;
  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    async rpc(method, params = []) {
      const id = nextId;
      nextId += 1;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      // Parsed here rather than with response.json(), whose objects belong to another
      // realm under Jest and would fail strict equality on their prototype.
      return JSON.parse(await response.text()) as RpcAnswer;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Calls anvil and returns the result, failing on an error answer.
 *
 * @param anvil - The node.
 * @param method - The method.
 * @param params - The params.
 * @returns The result.
 */
export async function anvilResult(
  anvil: Anvil,
  method: string,
  params: unknown[] = [],
): Promise<unknown> {
  const answer = await anvil.rpc(method, params);
  if (answer.error) {
    throw new Error(`${method}: ${answer.error.message}`);
  }
  return answer.result;
}

/**
 * Waits for a transaction's receipt: anvil mines right away, but may answer the send
 * before the block is sealed.
 *
 * @param anvil - The node.
 * @param hash - The transaction hash.
 * @param attempts - How many times to ask, 20 ms apart.
 * @returns The receipt.
 */
export async function waitForReceipt(
  anvil: Anvil,
  hash: unknown,
  attempts = 500,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const receipt = await anvilResult(anvil, 'eth_getTransactionReceipt', [
      hash,
    ]);
    if (receipt !== null && typeof receipt === 'object') {
      return { ...receipt };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no receipt for ${String(hash)}`);
}
