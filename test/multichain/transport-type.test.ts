import type { Transport } from '@metamask/multichain-api-client';
import {
  getDefaultTransport,
  getWindowPostMessageTransport,
} from '@metamask/multichain-api-client';

import type {
  MultichainClientOptions,
  MultichainTransport,
} from '../../src/client/multichain';
import { createMultichainClient } from '../../src/client/multichain';
import { rejection } from './fixtures';

// Checked by `tsc --noEmit`: the upstream Transport type is accepted as is…
const upstream: Transport = getDefaultTransport();
const accepted: MultichainTransport = upstream;
const options: MultichainClientOptions = { transport: upstream };

// …and wrong shapes are not.
const connect = async (): Promise<void> => undefined;
const isConnected = (): boolean => false;
const request = async (): Promise<unknown> => ({});
const onNotification = (): (() => void) => () => undefined;

// @ts-expect-error a transport needs onNotification
const withoutNotifications: MultichainTransport = {
  connect,
  disconnect: connect,
  isConnected,
  request,
};

const synchronousRequest: MultichainTransport = {
  connect,
  disconnect: connect,
  isConnected,
  // @ts-expect-error request must answer with a promise
  request: () => ({}),
  onNotification,
};

describe('the upstream transport', () => {
  it('is taken by createMultichainClient without sending anything', () => {
    const client = createMultichainClient(options);

    expect(client.state).toBe('none');
    expect(accepted).toBe(upstream);
    expect([withoutNotifications, synchronousRequest]).toHaveLength(2);
  });

  it('turns its connection failure into a 4900 MultichainError', async () => {
    // Outside a browser there is no `window` to post messages on.
    const client = createMultichainClient({
      transport: getWindowPostMessageTransport(),
    });

    const error = await rejection(client.connect());

    expect(error.code).toBe(4900);
    expect(error.message).toBe('window is not defined');
    expect(error.cause).toBeInstanceOf(ReferenceError);
  });
});
