/**
 * One dialog at a time, as MetaMask's approval queue shows them. The simulation keeps
 * a single "current" dialog and one shared "resolve" action: two `snap_dialog` calls
 * in flight at once would both be answered by the first click. So the snap's
 * `snap_dialog` calls are held back on their way to the simulation, each until the
 * one before it is answered; every other message passes untouched, and the snap's
 * requests still run concurrently.
 */
import { NodeThreadExecutionService } from '@metamask/snaps-controllers/node';
import { isObject } from '@metamask/utils';
import { Duplex } from 'node:stream';

/** The execution service's constructor options. */
type ServiceArgs = ConstructorParameters<typeof NodeThreadExecutionService>[0];

/** The JSON-RPC message a multiplexed chunk carries, if any. */
type Message = { id?: unknown; method?: unknown };

/**
 * The JSON-RPC message inside a provider-stream chunk (`{ name, data }`).
 *
 * @param chunk - A chunk of the snap's RPC stream.
 * @returns The message, or undefined when the chunk carries none.
 */
function messageOf(chunk: unknown): Message | undefined {
  return isObject(chunk) && isObject(chunk.data) ? chunk.data : undefined;
}

/**
 * Wraps the snap's RPC stream so that `snap_dialog` requests reach the simulation one
 * at a time: the next is let through when the answer to the one open goes back.
 *
 * @param snapSide - The stream to and from the snap.
 * @returns The stream the simulation's JSON-RPC engine reads and writes.
 */
export function dialogsInLine(snapSide: Duplex): Duplex {
  const held: unknown[] = [];
  const open: { id?: unknown } = {};
  const letThrough = (chunk: unknown, to: Duplex): void => {
    open.id = messageOf(chunk)?.id;
    to.push(chunk);
  };
  const hostSide = new Duplex({
    objectMode: true,
    read(): void {
      // Chunks are pushed as the snap sends them.
    },
    write(chunk: unknown, _encoding, callback): void {
      const message = messageOf(chunk);
      const answersOpen =
        'id' in open &&
        message?.method === undefined &&
        message?.id === open.id;
      snapSide.write(chunk, callback);
      if (answersOpen) {
        delete open.id;
        const next = held.shift();
        if (next !== undefined) {
          letThrough(next, this);
        }
      }
    },
    final(callback): void {
      snapSide.end();
      callback();
    },
  });
  snapSide.on('data', (chunk: unknown) => {
    if (messageOf(chunk)?.method !== 'snap_dialog') {
      hostSide.push(chunk);
    } else if ('id' in open) {
      held.push(chunk);
    } else {
      letThrough(chunk, hostSide);
    }
  });
  snapSide.on('end', () => hostSide.push(null));
  snapSide.on('error', (error: Error) => hostSide.destroy(error));
  return hostSide;
}

/**
 * The simulation's Node execution service, with the snap's dialogs put in line
 * ({@link dialogsInLine}).
 */
export class DialogsInLineExecutionService extends NodeThreadExecutionService {
  /**
   * Wraps the simulation's provider setup so it reads the snap's stream in line.
   *
   * @param args - The options the simulation passes.
   */
  constructor(args: ServiceArgs) {
    super({
      ...args,
      setupSnapProvider: (snapId, stream) =>
        args.setupSnapProvider(snapId, dialogsInLine(stream)),
    });
  }
}
