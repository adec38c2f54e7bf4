/**
 * The user in front of the simulated wallet: answers the dialogs the snap shows for
 * forwarded requests, by a fixed policy, by a callback that reads the dialog, or
 * ('manual') by handing each dialog to the test that asks for it.
 */
import type { SnapInterface, SnapRequest } from '@metamask/snaps-simulation';

/** What the simulated user does with a dialog. */
export type DialogAnswer = 'approve' | 'reject';

/** A dialog as a policy callback sees it. */
export type DialogView = {
  /** The dialog's interface id: each dialog is handed to the policy once. */
  id: string;
  /**
   * The snap method whose request showed it, e.g. `snapnet_executeTxn`: the earliest
   * waiting request whose origin the dialog names (the snap names it in each
   * confirmation, and answers one origin's requests in order), else the earliest.
   */
  method: string;
  /** The dapp origin the request came from (the snap shows it). */
  origin: string;
  /** Every text of the dialog, one per line, in display order. */
  text: string;
  /** `confirmation`, `alert`, `prompt`, or undefined for a custom dialog. */
  type: string | undefined;
};

/**
 * How dialogs are answered: always approve, always reject, a callback that reads each
 * dialog, or `'manual'`: the test takes each with `wallet.nextDialog(method)`.
 */
export type DialogPolicy =
  | DialogAnswer
  | 'manual'
  | ((dialog: DialogView) => DialogAnswer | Promise<DialogAnswer>);

/** A confirmation dialog (ok / cancel), as the snap's signing dialogs are. */
export type ConfirmationDialog = Extract<
  SnapInterface,
  { type: 'confirmation' }
>;

/** A forwarded request, waiting for its answer. */
export type PendingCall = {
  method: string;
  origin: string;
  request: SnapRequest;
};

/** Props that say how an element looks, not what it says. */
const LOOKS = new Set([
  'alignment',
  'center',
  'color',
  'crossAlignment',
  'direction',
  'fontWeight',
  'size',
  'variant',
]);

/**
 * The texts of a dialog's JSX tree, one per line: what a user reads (element names,
 * keys and how an element looks are not).
 *
 * @param ui - The dialog.
 * @param ui.content - Its JSX tree.
 * @returns The texts joined with new lines.
 */
export function dialogText(ui: { content: unknown }): string {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string' || typeof node === 'number') {
      texts.push(String(node));
    } else if (Array.isArray(node)) {
      node.forEach(walk);
    } else if (node && typeof node === 'object') {
      Object.entries(node)
        .filter(([key]) => key !== 'type' && key !== 'key' && !LOOKS.has(key))
        .forEach(([, value]) => walk(value));
    }
  };
  walk(ui.content);
  return texts.join('\n');
}

/**
 * Presses the dialog's button for an answer: ok / cancel, whatever its kind.
 *
 * @param ui - The dialog.
 * @param answer - Approve or reject.
 */
export async function press(
  ui: SnapInterface,
  answer: DialogAnswer,
): Promise<void> {
  if (answer === 'reject' && 'cancel' in ui) {
    await ui.cancel();
  } else if ('ok' in ui) {
    await ui.ok();
  } else {
    throw new Error(
      `the ${String(ui.type ?? 'custom')} dialog has no button to ${answer} it`,
    );
  }
}

/** The dialog desk of one wallet. */
export type DialogDesk = {
  /**
   * Answers the request's dialog, if it shows one, per the policy. When that fails (the
   * callback threw), `onError` gets the error first, then the dialog is rejected so the
   * request ends instead of waiting for a click that never comes.
   */
  handle(call: PendingCall, onError: (error: unknown) => void): void;
  /** The confirmation dialog of the next forwarded request of a method ('manual'). */
  next(
    method: string,
    forwarded: readonly string[],
  ): Promise<ConfirmationDialog>;
};

/**
 * The desk of 'manual' dialogs: each forwarded request waits for the test to take it.
 *
 * @returns The desk.
 */
export function createManualDesk(): DialogDesk {
  const unclaimed: PendingCall[] = [];
  const waiting: { method: string; take: (call: PendingCall) => void }[] = [];
  const claim = async (
    method: string,
    forwarded: readonly string[],
  ): Promise<PendingCall> =>
    new Promise<PendingCall>((resolve, reject) => {
      const clock: { timer?: ReturnType<typeof setTimeout> } = {};
      const waiter = {
        method,
        take: (found: PendingCall): void => {
          clearTimeout(clock.timer);
          resolve(found);
        },
      };
      clock.timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(
          new Error(
            `no ${method} request within 10 s (forwarded: ${forwarded.join(', ')})`,
          ),
        );
      }, 10_000);
      waiting.push(waiter);
    });
  return {
    handle(call): void {
      const index = waiting.findIndex((entry) => entry.method === call.method);
      const [waiter] = index >= 0 ? waiting.splice(index, 1) : [];
      if (waiter) {
        waiter.take(call);
        return;
      }
      unclaimed.push(call);
      // A call answered without a dialog (a read) is no dialog to take later.
      const drop = (): void => {
        const at = unclaimed.indexOf(call);
        if (at >= 0) {
          unclaimed.splice(at, 1);
        }
      };
      Promise.resolve(call.request)
        .finally(drop)
        .catch(() => undefined);
    },
    async next(method, forwarded): Promise<ConfirmationDialog> {
      const index = unclaimed.findIndex((entry) => entry.method === method);
      const [claimed] = index >= 0 ? unclaimed.splice(index, 1) : [];
      const call = claimed ?? (await claim(method, forwarded));
      const ui = await call.request.getInterface();
      if (ui.type !== 'confirmation') {
        throw new Error(`${method} showed a ${String(ui.type)} dialog`);
      }
      return ui;
    },
  };
}
