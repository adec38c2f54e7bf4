/**
 * Keeps whole operations of one key from overlapping: planning, approving and sending
 * transactions from one account, whose nonce is read from the node while planning.
 * Not part of the state store (a task may update state); one lock is created for the
 * snap's lifetime in src/index.ts and handed to every request's context.
 */
export type SendLock = {
  /**
   * Runs `task` once every earlier task of the same key has settled.
   *
   * @param key - What must not overlap, e.g. one account on one network.
   * @param task - The operation.
   * @returns The task's result.
   */
  exclusive<Result>(key: string, task: () => Promise<Result>): Promise<Result>;
};

/**
 * Creates a lock. Its per-key queues are shared between requests on purpose.
 *
 * @returns The lock.
 */
export function createSendLock(): SendLock {
  const lanes = new Map<string, Promise<unknown>>();
  return {
    async exclusive<Result>(
      key: string,
      task: () => Promise<Result>,
    ): Promise<Result> {
      const next = (lanes.get(key) ?? Promise.resolve()).then(task, task);
      const settled = next.catch(() => undefined);
      lanes.set(key, settled);
      // Forget the key once nothing waits on it.
      settled
        .then(() => lanes.get(key) === settled && lanes.delete(key))
        .catch(() => undefined);
      return next;
    },
  };
}
