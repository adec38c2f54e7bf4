/**
 * Puts the simulated wallet into a real browser page driven by Playwright: the page gets
 * `window.ethereum` and an EIP-6963 announcement of "MetaMask", whose `request` crosses
 * to the Node-side wallet through a Playwright binding. get-starknet, starknetkit or
 * starknet-react in the page find it and connect as to MetaMask; the snap, its dialogs
 * and its node stay in the test process.
 */
import type { SimulatedWallet, WalletCall } from './wallet';

/** The name of the binding the page calls. */
const BINDING = '__snapnetSimulatedWallet';

/**
 * What `exposeToPage` needs of a Playwright page (or browser context): `playwright` and
 * `playwright-core` pages both fit, and this entry does not import either.
 */
export type PlaywrightPageLike = {
  exposeBinding(
    name: string,
    callback: (
      source: { frame: { url(): string } },
      call: WalletCall,
    ) => unknown,
  ): Promise<unknown>;
  addInitScript(script: (arg: string) => void, arg: string): Promise<unknown>;
};

/** What the EIP-6963 announcement says about the wallet. */
export type AnnouncedWalletInfo = {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
};

/** Options of {@link exposeToPage}. */
export type ExposeToPageOptions = {
  /** The EIP-6963 provider info (default: MetaMask's rdns `io.metamask`). */
  info?: Partial<AnnouncedWalletInfo>;
};

const DEFAULT_INFO: AnnouncedWalletInfo = {
  uuid: '0b9a8f1e-4c1d-4c33-9d5e-5f3c9b1d7a01',
  name: 'MetaMask (snapnet simulated)',
  icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  rdns: 'io.metamask',
};

/**
 * Runs in the page before its own scripts: an EIP-1193 provider on `window.ethereum`,
 * announced through EIP-6963, rejecting with the wallet's `{ code, message, data }` as
 * MetaMask's provider does. Self-contained: Playwright sends its source to the page.
 *
 * @param setup - JSON of `{ binding, info }`.
 */
function injectProvider(setup: string): void {
  const { binding, info }: { binding: string; info: unknown } =
    JSON.parse(setup);
  const provider: {
    isMetaMask: true;
    request(args: { method: string; params?: unknown }): Promise<unknown>;
    on(): unknown;
    removeListener(): unknown;
  } = {
    isMetaMask: true,
    async request(args: {
      method: string;
      params?: unknown;
    }): Promise<unknown> {
      const bridge: unknown = Reflect.get(window, binding);
      if (typeof bridge !== 'function') {
        throw new Error('the simulated wallet is not bridged into this page');
      }
      const reply: { result?: unknown; error?: { message: string } } =
        await bridge(args);
      if (reply.error) {
        throw Object.assign(new Error(reply.error.message), reply.error);
      }
      return reply.result;
    },
    on: () => provider,
    removeListener: () => provider,
  };
  Reflect.set(window, 'ethereum', provider);
  const announce = (): void => {
    window.dispatchEvent(
      // eslint-disable-next-line n/no-unsupported-features/node-builtins -- runs in the page
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({ info, provider }),
      }),
    );
  };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/**
 * Makes the simulated wallet the page's MetaMask, for this and every later navigation.
 * Call it before `page.goto`. Each call reaches the snap with the calling frame's origin
 * (the snap's dialogs show it, as MetaMask's do).
 *
 * @param page - A Playwright page or browser context.
 * @param wallet - The wallet from `createSimulatedWallet`.
 * @param options - What the EIP-6963 announcement says.
 */
export async function exposeToPage(
  page: PlaywrightPageLike,
  wallet: Pick<SimulatedWallet, 'answer'>,
  options: ExposeToPageOptions = {},
): Promise<void> {
  await page.exposeBinding(BINDING, async (source, call: WalletCall) =>
    wallet.answer(call, new URL(source.frame.url()).host),
  );
  await page.addInitScript(
    injectProvider,
    JSON.stringify({
      binding: BINDING,
      info: { ...DEFAULT_INFO, ...options.info },
    }),
  );
}
