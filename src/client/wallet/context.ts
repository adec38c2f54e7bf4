import type { WALLET_API } from '@starknet-io/types-js';

import type { SnapnetClient } from '../snap';
import type { Session } from './session';

type Messages = WALLET_API.RpcTypeToMessageMap;

/** What a handler gets: the snap client and the session. */
export type HandlerContext = { client: SnapnetClient; session: Session };

/**
 * One function per wallet-API method. Params arrive as `unknown`: they come from any
 * dapp and are checked inside; the result is typed by `@starknet-io/types-js`.
 */
export type Handlers = {
  [Method in keyof Messages]?: (
    params: unknown,
    context: HandlerContext,
  ) => Promise<Messages[Method]['result']>;
};

/**
 * Connects the dapp when it is not yet (the wallet's approve UI): the methods that
 * act for the user ask first, as the wallet API says (wallet_rpc.json HEAD:199, 253).
 *
 * @param context - Client and session.
 */
export async function ensureConnected(context: HandlerContext): Promise<void> {
  if (!(await context.session.checkConnected())) {
    await context.client.connect();
    context.session.markConnected();
  }
}
