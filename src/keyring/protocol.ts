import {
  InvalidParamsError,
  MethodNotFoundError,
  SnapError,
} from '@metamask/snaps-sdk';
import type { Json, JsonRpcParams } from '@metamask/utils';
import { JsonStruct } from '@metamask/utils';
import { RpcError } from 'starknet';

import { PROTOCOL_READS, STARKNET_SCOPES } from '../api/keyring';
import { NodeRequestFailed } from '../errors';
import type { Services } from '../rpc/context';
import { nodeUrlOf, requireNetwork } from '../rpc/context';
import { NODE_TIMEOUT_MS } from '../starknet/node/networks';
import { createNodeClient, nodeCall } from '../starknet/node/node';
import { chainIdOfScope } from './accounts';

/**
 * Whether a method is one of the node reads the snap forwards.
 *
 * @param method - The requested method.
 * @returns Whether it is listed in {@link PROTOCOL_READS}.
 */
function isRead(method: string): boolean {
  return PROTOCOL_READS.some((read) => read === method);
}

/**
 * The dapp's view of a node failure, by the snapnet_* rules: a JSON-RPC error of the
 * node keeps its code, message and data (e.g. 20 `Contract not found`), as the node
 * client scrubbed them (never the node's URL, query or key; nor its host for the
 * user's own node); any other failure goes to the error boundary as it is, mapped
 * like a snapnet_* method's (toSnapError: -32603 with the node's details, no stack).
 *
 * @param error - What forwarding threw.
 * @returns The error to throw.
 */
function toProtocolError(error: unknown): unknown {
  if (
    error instanceof NodeRequestFailed &&
    error.cause instanceof RpcError &&
    error.code !== undefined
  ) {
    const { code, data } = error;
    const message = error.nodeMessage;
    return new SnapError(
      data === undefined || data === null
        ? { code, message }
        : { code, message, data },
    );
  }
  return error;
}

/**
 * MetaMask's protocol requests (`onProtocolRequest`): the Starknet node reads a dapp
 * sends through the Multichain API on `starknet:SN_MAIN` / `starknet:SN_SEPOLIA`.
 * Forwarded as given (by-name or positional params) to the node the snap uses for
 * that network (the user's choice on the home page, else the build default), and the
 * node's result returned as it is. Writes are not forwarded: they need the user and go
 * through the keyring. No dialog, and no state read beyond the node URL.
 *
 * @param args - The request.
 * @param args.scope - A CAIP-2 scope; one of the two, else -32602.
 * @param args.method - One of {@link PROTOCOL_READS}, else -32601.
 * @param args.params - Passed on unchanged.
 * @param args.services - The store, for the node URL.
 * @returns The node's result.
 */
export async function handleProtocolRequest(args: {
  scope: string;
  method: string;
  params: JsonRpcParams | undefined;
  services: Services;
}): Promise<Json> {
  /* eslint-disable @typescript-eslint/only-throw-error -- snaps-sdk's error classes are Errors at runtime; their declared type hides it */
  const chainId = chainIdOfScope(args.scope);
  if (chainId === undefined) {
    throw new InvalidParamsError(
      `Invalid params: scope: ${args.scope} is not served; use ${Object.keys(STARKNET_SCOPES).join(' or ')}`,
      { field: 'scope' },
    );
  }
  if (!isRead(args.method)) {
    throw new MethodNotFoundError(
      `${args.method} is not a node read snapnet forwards; writes go through the account (wallet_* methods)`,
      { method: args.method },
    );
  }
  /* eslint-enable @typescript-eslint/only-throw-error */
  const network = requireNetwork(chainId);
  const state = await args.services.store.read();
  const node = createNodeClient({
    url: nodeUrlOf(state, network),
    timeoutMs: NODE_TIMEOUT_MS,
    action: args.method,
    // A page asks: the node the user set is not named.
    hidden: state.nodeUrls[network.chainId] !== undefined,
  });
  try {
    return await node.send(
      nodeCall(args.method, args.params ?? [], JsonStruct),
    );
  } catch (error) {
    throw toProtocolError(error);
  }
}
