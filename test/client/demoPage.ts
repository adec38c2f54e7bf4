/**
 * Serving and driving the demo page (demo/) in Debian's Chromium for the browser test:
 * build it with Vite, serve the build on a loopback port, launch a fresh headless
 * Chromium, and make the testing kit's simulated wallet the page's MetaMask
 * (`exposeToPage`, the public entry dapp developers use).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve as resolvePath } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

import type { SimulatedWallet } from 'snapnet/testing';
import { exposeToPage } from 'snapnet/testing';

/** Where Chromium is (Debian's package); `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, sandbox-less headless run in CI containers. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export type DemoBrowser = {
  /** Origin the built page is served on, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** A new page whose MetaMask is the simulated wallet (`exposeToPage`). */
  openPage(wallet: SimulatedWallet): Promise<Page>;
  /** Closes the browser and the server and removes the build and profile. */
  close(): Promise<void>;
};

/**
 * Serves a folder of static files (the Vite build).
 *
 * @param root - The folder.
 * @returns The listening server.
 */
async function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    try {
      if (!file.startsWith(root)) {
        throw new Error('outside the build');
      }
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type':
          CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** What `.ci/run` does; the quick start in README.md lists it too. */
export const CHROMIUM_INSTALL =
  'sudo apt-get install --no-install-recommends chromium';

/** Something a half-done setup must undo. */
type Release = () => Promise<unknown> | unknown;

/**
 * Undoes setup steps, last first, each even when an earlier one fails.
 *
 * @param steps - The releases, in the order their resources were taken.
 */
async function releaseAll(steps: Release[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of [...steps].reverse()) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, 'could not release the demo browser');
  }
}

/**
 * Builds the demo with Vite into a folder.
 *
 * @param repo - This repository.
 * @param build - The output folder.
 */
function buildDemo(repo: string, build: string): void {
  execFileSync(
    process.execPath,
    [
      resolvePath(repo, 'node_modules/vite/bin/vite.js'),
      'build',
      resolvePath(repo, 'demo'),
      '--outDir',
      build,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: repo, stdio: 'inherit' },
  );
}

/**
 * Builds the demo, serves it and starts Chromium with a fresh profile. Fails at once,
 * naming the command that installs it, when Chromium is missing; whatever it started
 * before a failing step is released before the error is thrown.
 *
 * @returns The running browser.
 */
export async function startDemoBrowser(): Promise<DemoBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `the browser test needs Chromium at ${CHROMIUM_PATH} (or set CHROMIUM_PATH): ${CHROMIUM_INSTALL}`,
    );
  }
  const repo = resolvePath(__dirname, '../..');
  const taken: Release[] = [];
  try {
    const build = mkdtempSync(join(tmpdir(), 'snapnet-demo-'));
    taken.push(() => rmSync(build, { recursive: true, force: true }));
    const profile = mkdtempSync(join(tmpdir(), 'snapnet-chromium-'));
    taken.push(() => rmSync(profile, { recursive: true, force: true }));
    buildDemo(repo, build);
    const server = await serve(build);
    taken.push(
      async () => new Promise((resolve) => server.close(resolve)),
      () => server.closeAllConnections(),
    );
    const address = server.address();
    if (!address || typeof address === 'string') {
      throw new Error('the demo server has no port');
    }
    const context: BrowserContext = await chromium.launchPersistentContext(
      profile,
      { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS },
    );
    taken.push(async () => context.close());
    return {
      origin: `http://127.0.0.1:${address.port}`,
      async openPage(wallet) {
        const page = await context.newPage();
        // Fail at the step that hangs, well within the test's own timeout.
        page.setDefaultTimeout(15_000);
        await exposeToPage(page, wallet);
        return page;
      },
      close: async () => releaseAll(taken),
    };
  } catch (error) {
    await releaseAll(taken);
    throw error;
  }
}

/**
 * Text of an element once it is not empty: the demo pages fill their result
 * elements when a wallet call settles.
 *
 * @param page - The page.
 * @param selector - The element.
 * @returns Its text.
 */
export async function textWhenShown(
  page: Page,
  selector: string,
): Promise<string> {
  await page.waitForSelector(`${selector}:not(:empty)`);
  return (await page.textContent(selector)) ?? '';
}
