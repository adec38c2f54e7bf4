import { hasProperty, isObject, isValidJson } from '@metamask/utils';

import { RpcErrorCode } from '../errors';
import type { SnapnetClientOptions } from './client';
import { discoverProvider } from './discovery';
import { SnapNotInstalledError, SnapnetError, toSnapnetError } from './errors';
import type { Eip1193Provider, InstalledSnap } from './types';

/**
 * Reads one entry of a `wallet_getSnaps` / `wallet_requestSnaps` answer.
 *
 * @param answer - The answer.
 * @param snapId - The snap.
 * @returns The installed snap, or undefined when absent or failed.
 */
function installedSnap(
  answer: unknown,
  snapId: string,
): InstalledSnap | undefined {
  const entry = isObject(answer) ? answer[snapId] : undefined;
  if (
    !isObject(entry) ||
    hasProperty(entry, 'error') ||
    typeof entry.version !== 'string'
  ) {
    return undefined;
  }
  return {
    id: typeof entry.id === 'string' ? entry.id : snapId,
    version: entry.version,
    enabled: entry.enabled !== false,
    blocked: entry.blocked === true,
  };
}

/**
 * Talks to one snap through one wallet: provider discovery, the invoke envelope, error
 * mapping and the install checks. The typed surface is built on it.
 */
export class SnapConnection {
  readonly #options: SnapnetClientOptions;

  #provider: Promise<Eip1193Provider> | undefined;

  constructor(options: SnapnetClientOptions) {
    this.#options = options;
    this.#provider = options.provider && Promise.resolve(options.provider);
  }

  /**
   * The provider, discovered once; a failed discovery is retried next time, since the
   * wallet may inject itself late.
   *
   * @returns The provider.
   */
  async provider(): Promise<Eip1193Provider> {
    this.#provider ??= discoverProvider(this.#options.discovery).catch(
      (error: unknown) => {
        this.#provider = undefined;
        throw error;
      },
    );
    return this.#provider;
  }

  /**
   * One wallet call, errors mapped.
   *
   * @param method - The wallet method.
   * @param params - Its params.
   * @param label - The method named in errors (the snap method for invokes).
   * @returns The answer.
   */
  async walletCall(
    method: string,
    params: unknown,
    label = method,
  ): Promise<unknown> {
    const wallet = await this.provider();
    try {
      return await wallet.request({ method, params });
    } catch (error) {
      throw toSnapnetError(error, label);
    }
  }

  /**
   * Sends a snap method through `wallet_invokeSnap`. When the wallet refuses with a
   * generic error (MetaMask answers -32603 for a snap that is missing), `wallet_getSnaps`
   * tells whether the snap is there, so a missing snap becomes SnapNotInstalledError.
   *
   * @param method - The snap method.
   * @param params - Its params (`{}` when omitted, as the snap expects).
   * @returns The raw answer.
   */
  async invoke(
    method: string,
    params: Record<string, unknown> = {},
  ): Promise<unknown> {
    const { snapId } = this.#options;
    try {
      return await this.walletCall(
        'wallet_invokeSnap',
        { snapId, request: { method, params } },
        method,
      );
    } catch (error) {
      const generic =
        error instanceof SnapnetError &&
        error.constructor === SnapnetError &&
        error.data === undefined;
      if (generic && !(await this.installed().catch(() => true))) {
        throw new SnapNotInstalledError(error.message, {
          code: error.code,
          method,
          cause: error,
        });
      }
      throw error;
    }
  }

  /**
   * Whether the snap is installed, enabled and connected to this dapp.
   *
   * @returns The answer of `wallet_getSnaps`.
   */
  async installed(): Promise<boolean> {
    const snap = installedSnap(
      await this.walletCall('wallet_getSnaps', {}),
      this.#options.snapId,
    );
    return snap !== undefined && snap.enabled && !snap.blocked;
  }

  /**
   * `wallet_requestSnaps` for this snap.
   *
   * @returns The connected snap.
   * @throws {SnapNotInstalledError} When the wallet did not connect it.
   */
  async connect(): Promise<InstalledSnap> {
    const { snapId, version } = this.#options;
    const answer = await this.walletCall('wallet_requestSnaps', {
      [snapId]: version ? { version } : {},
    });
    const snap = installedSnap(answer, snapId);
    if (!snap?.enabled || snap.blocked) {
      throw new SnapNotInstalledError(
        `The wallet did not connect snap ${snapId}${
          snap ? ` (enabled: ${snap.enabled}, blocked: ${snap.blocked})` : ''
        }`,
        {
          code: RpcErrorCode.Unauthorized,
          method: 'wallet_requestSnaps',
          data: isValidJson(answer) ? answer : null,
        },
      );
    }
    return snap;
  }
}
