/**
 * Runs a built snap in `@metamask/snaps-simulation`, as MetaMask would run it: the
 * snap's folder (manifest, bundle, icon, locales) is served on a loopback port and
 * installed from there as a `local:` snap, so the simulation checks the manifest and
 * the bundle's shasum exactly as an install does.
 */
import type { InstalledSnap, Snap } from '@metamask/snaps-simulation';
import { installSnap } from '@metamask/snaps-simulation';
import { is, string, type } from '@metamask/superstruct';
import type { Json } from '@metamask/utils';
import { access, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

import { DialogsInLineExecutionService } from './dialogLine';

/** A snap id as the simulation types it. */
type SnapId = Parameters<typeof installSnap>[0];

/** The part of a snap manifest that names the bundle. */
const ManifestBundleStruct = type({
  source: type({ location: type({ npm: type({ filePath: string() }) }) }),
});

/**
 * A snap running in the simulation, the simulation's parts of it (what sends MetaMask's
 * own handlers, metamask.ts), and how to stop it.
 */
export type HostedSnap = {
  snap: Snap;
  installed?: InstalledSnap;
  close(): Promise<void>;
};

/** Options of {@link hostSnap}. */
export type HostSnapOptions = {
  /** The folder holding snap.manifest.json and the bundle it names. */
  folder: string;
  /** The snap's persisted state at install (what `snap_manageState` returns). */
  state?: Record<string, Json>;
  /** The wallet's secret recovery phrase (the simulation's test phrase by default). */
  secretRecoveryPhrase?: string;
};

/**
 * The folder of the `snapnet` package the caller's project resolves: its own
 * dist/bundle.js is the snap a simulated wallet runs unless told otherwise.
 *
 * @returns The package folder.
 */
export function snapnetPackageFolder(): string {
  const resolveFromCwd = createRequire(join(process.cwd(), 'package.json'));
  return dirname(resolveFromCwd.resolve('snapnet/package.json'));
}

/**
 * Reads a snap folder's manifest.
 *
 * @param folder - The snap folder.
 * @returns The parsed manifest, or undefined when there is none.
 */
async function readManifest(folder: string): Promise<unknown> {
  try {
    return JSON.parse(
      await readFile(join(folder, 'snap.manifest.json'), 'utf8'),
    );
  } catch {
    return undefined;
  }
}

/**
 * The version of the snap in a folder, as `wallet_getSnaps` reports it.
 *
 * @param folder - The snap folder.
 * @returns The manifest's version ('0.0.0' when it has none).
 */
export async function manifestVersion(folder: string): Promise<string> {
  const manifest = await readManifest(folder);
  return is(manifest, type({ version: string() })) ? manifest.version : '0.0.0';
}

/**
 * Fails early, naming what to do, when the folder lacks a built snap.
 *
 * @param folder - The snap folder.
 */
async function assertBuilt(folder: string): Promise<void> {
  const manifest = await readManifest(folder);
  if (!is(manifest, ManifestBundleStruct)) {
    throw new Error(
      `no snap manifest naming a bundle in ${folder}: pass the built snap's folder`,
    );
  }
  const { filePath } = manifest.source.location.npm;
  try {
    await access(join(folder, filePath));
  } catch {
    throw new Error(
      `the snap in ${folder} is not built (${filePath} missing): run \`npm run build\` there`,
    );
  }
}

/**
 * Serves the files of a folder, and nothing outside it, on a free loopback port.
 *
 * @param folder - The folder.
 * @returns The listening server.
 */
async function serveFolder(folder: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = resolve(folder, `.${decodeURIComponent(path)}`);
    const inside = !relative(folder, file).startsWith('..');
    (inside ? readFile(file) : Promise.reject(new Error('outside the folder')))
      .then((body) =>
        response
          .writeHead(200, { 'access-control-allow-origin': '*' })
          .end(body),
      )
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolvePromise, rejectPromise) => {
    server.once('error', rejectPromise);
    server.listen(0, '127.0.0.1', resolvePromise);
  });
  return server;
}

/**
 * Closes a server and the connections it keeps alive.
 *
 * @param server - The server.
 */
async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolvePromise) =>
    server.close(() => resolvePromise()),
  );
}

/**
 * Installs the snap of a folder in a fresh simulation. The file server is only needed
 * while installing, so it is closed before this returns, also when the install fails.
 *
 * @param options - Folder, initial state and recovery phrase.
 * @returns The running snap and how to stop it.
 */
export async function hostSnap(options: HostSnapOptions): Promise<HostedSnap> {
  const folder = resolve(options.folder);
  await assertBuilt(folder);
  const server = await serveFolder(folder);
  try {
    const address = server.address();
    if (!address || typeof address === 'string') {
      throw new Error('the snap file server has no port');
    }
    // A local snap id names where the simulation fetches the files from.
    const snapId = `local:http://localhost:${address.port}` as SnapId;
    const installed = await installSnap(snapId, {
      // The simulation answers one dialog at a time; concurrent requests wait in line.
      executionService: DialogsInLineExecutionService,
      options: {
        ...(options.state ? { state: options.state } : {}),
        ...(options.secretRecoveryPhrase
          ? { secretRecoveryPhrase: options.secretRecoveryPhrase }
          : {}),
      },
    });
    return {
      snap: installed,
      installed,
      close: async () => installed.executionService.terminateAllSnaps(),
    };
  } finally {
    await closeServer(server);
  }
}
