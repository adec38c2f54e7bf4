/**
 * Adds a listener to a set.
 *
 * @param listeners - The set.
 * @param listener - The listener.
 * @returns Its remover.
 */
export function subscribe<Listener>(
  listeners: Set<Listener>,
  listener: Listener,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
