/**
 * The desk that answers dialogs by policy, also when several requests wait on the user
 * at once. The simulation shows one dialog at a time (see dialogLine.ts), so one
 * watcher takes each dialog as it opens, hands it to the policy once, with its own id
 * and the request it belongs to, and presses the answer on that dialog only.
 */
import type { SnapInterface } from '@metamask/snaps-simulation';

import type {
  ConfirmationDialog,
  DialogDesk,
  DialogPolicy,
  PendingCall,
} from './dialogs';
import { createManualDesk, dialogText, press } from './dialogs';

/** A policy that answers by itself. */
type Policy = Exclude<DialogPolicy, 'manual'>;

/** A forwarded request waiting for its answer, and who hears of a failed policy. */
type Waiting = { call: PendingCall; onError: (error: unknown) => void };

/**
 * The request a dialog belongs to: the earliest waiting one whose origin the dialog
 * names (the snap names the origin in each confirmation and answers one origin's
 * requests in the order sent), else the earliest waiting one.
 *
 * @param waiting - The waiting requests, in the order forwarded.
 * @param text - The dialog's texts.
 * @returns The request, or undefined when none waits.
 */
function ownerOf(
  waiting: readonly Waiting[],
  text: string,
): Waiting | undefined {
  return (
    waiting.find((entry) => text.includes(entry.call.origin)) ?? waiting[0]
  );
}

/**
 * Asks the policy about one dialog and presses its answer. When the policy fails, its
 * request's caller hears of it and the dialog is rejected, so the request ends instead
 * of waiting for a click that never comes.
 *
 * @param ui - The dialog.
 * @param owner - The request it belongs to.
 * @param policy - The fixed answer or the callback.
 */
async function answer(
  ui: SnapInterface,
  owner: Waiting,
  policy: Policy,
): Promise<void> {
  const text = dialogText(ui);
  try {
    const view = {
      id: ui.id,
      method: owner.call.method,
      origin: owner.call.origin,
      text,
      type: ui.type,
    };
    await press(ui, typeof policy === 'function' ? await policy(view) : policy);
  } catch (error) {
    owner.onError(error);
    await press(ui, 'reject').catch(() => undefined);
  }
}

/**
 * Lets the simulation close an answered dialog before looking for the next.
 *
 * @returns When a moment has passed.
 */
async function moment(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Creates the desk that answers by policy.
 *
 * @param policy - The fixed answer or the callback.
 * @returns The desk.
 */
function createPolicyDesk(policy: Policy): DialogDesk {
  const waiting: Waiting[] = [];
  const answered = new Set<string>();
  const watcher = { running: false };
  // Takes each dialog as it opens, while any forwarded request waits.
  const watch = async (): Promise<void> => {
    while (waiting.length > 0) {
      const latest = waiting[waiting.length - 1];
      const ui = await latest?.call.request.getInterface();
      const owner = ui && ownerOf(waiting, dialogText(ui));
      if (!ui || !owner || answered.has(ui.id)) {
        await moment();
        continue;
      }
      answered.add(ui.id);
      await answer(ui, owner, policy);
    }
  };
  const start = (onError: (error: unknown) => void): void => {
    if (watcher.running) {
      return;
    }
    watcher.running = true;
    watch()
      .catch(onError)
      .finally(() => {
        watcher.running = false;
      });
  };
  return {
    handle(call, onError): void {
      const entry = { call, onError };
      waiting.push(entry);
      // A request answered (with or without a dialog) waits no more.
      Promise.resolve(call.request)
        .finally(() => waiting.splice(waiting.indexOf(entry), 1))
        .catch(() => undefined);
      start(onError);
    },
    async next(): Promise<ConfirmationDialog> {
      throw new Error(
        `nextDialog needs dialogs: 'manual' (this wallet answers them itself)`,
      );
    },
  };
}

/**
 * Creates the desk for a policy.
 *
 * @param policy - How dialogs are answered.
 * @returns The desk.
 */
export function createDialogDesk(policy: DialogPolicy): DialogDesk {
  return policy === 'manual' ? createManualDesk() : createPolicyDesk(policy);
}
