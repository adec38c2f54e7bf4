import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

/**
 * Change tracking for `Store.update`: the draft handed to an update function is
 * wrapped so that every value it reads or writes is remembered by its path, as it was
 * before the function ran. Afterwards only those values are compared, and each one that
 * changed is written under its own key (`snap_setState` with `key`), so a write costs
 * what it changes, and nothing the function did not touch is ever serialized; the
 * changes of one update are then folded into one write (`oneWrite`). Plain
 * objects are descended into (any field, any depth: new state fields need no code
 * here); arrays and scalars are leaves, written whole.
 */

/** One value to write: its path from the state's root, and the value. */
export type Change = { path: string[]; value: Json };

/** Path segments that cannot be written as a `snap_setState` key segment. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Cuts a path before its first segment a state key cannot hold (a dot, an empty or a
 * forbidden name), so such a value is written as part of its parent.
 *
 * @param path - The path.
 * @returns The longest writable prefix.
 */
function writablePrefix(path: string[]): string[] {
  const bad = path.findIndex(
    (segment) =>
      segment === '' ||
      segment.includes('.') ||
      FORBIDDEN_SEGMENTS.has(segment),
  );
  return bad === -1 ? path : path.slice(0, bad);
}

/**
 * The value at a path of a JSON tree.
 *
 * @param root - The tree.
 * @param path - The path.
 * @returns The value, or undefined when a segment is missing.
 */
function valueAt(root: Json, path: string[]): Json | undefined {
  let value: Json | undefined = root;
  for (const segment of path) {
    value = isObject(value) ? value[segment] : undefined;
  }
  return value;
}

/** What a draft remembers: values as they were, by path, and its proxies. */
type Tracker = {
  before: Map<string, { path: string[]; json?: string }>;
  proxies: WeakMap<object, Record<string, Json>>;
  targets: WeakMap<object, Record<string, Json>>;
};

/**
 * Remembers a value as it is now, unless its path was remembered already.
 *
 * @param tracker - The draft's tracker.
 * @param path - The value's path.
 * @param value - The value before any change.
 */
function remember(tracker: Tracker, path: string[], value: unknown): void {
  const id = JSON.stringify(path);
  if (!tracker.before.has(id)) {
    tracker.before.set(id, { path, json: JSON.stringify(value) });
  }
}

/**
 * The proxy handler of the object at `path`: objects read are wrapped in turn, leaves
 * read, written or deleted are remembered first.
 *
 * @param tracker - The draft's tracker.
 * @param path - The object's path.
 * @returns The handler.
 */
function handlerFor<Target extends Record<string, Json>>(
  tracker: Tracker,
  path: string[],
): ProxyHandler<Target> {
  return {
    get(object, key, receiver): unknown {
      const value: unknown = Reflect.get(object, key, receiver);
      if (
        typeof key !== 'string' ||
        (value !== undefined && !Object.hasOwn(object, key))
      ) {
        return value;
      }
      const child = object[key];
      if (isObject(child)) {
        return wrap(tracker, child, [...path, key]);
      }
      remember(tracker, [...path, key], child);
      return child;
    },
    set(object, key, value, receiver): boolean {
      if (typeof key === 'string') {
        remember(tracker, [...path, key], object[key]);
      }
      // Store the plain object behind a draft value, never the draft itself: the
      // value is later posted to the wallet, which cannot clone a Proxy.
      const plain: unknown = isObject(value)
        ? (tracker.targets.get(value) ?? value)
        : value;
      return Reflect.set(object, key, plain, receiver);
    },
    deleteProperty(object, key): boolean {
      if (typeof key === 'string') {
        remember(tracker, [...path, key], object[key]);
      }
      return Reflect.deleteProperty(object, key);
    },
  };
}

/**
 * The draft of a nested object, one per object so identity holds.
 *
 * @param tracker - The draft's tracker.
 * @param target - The object.
 * @param path - Its path.
 * @returns Its proxy.
 */
function wrap(
  tracker: Tracker,
  target: Record<string, Json>,
  path: string[],
): Record<string, Json> {
  const known = tracker.proxies.get(target);
  if (known) {
    return known;
  }
  const proxy = new Proxy(target, handlerFor(tracker, path));
  tracker.proxies.set(target, proxy);
  tracker.targets.set(proxy, target);
  return proxy;
}

/**
 * The remembered values that differ now, each as the shortest writable path, none
 * inside another.
 *
 * @param tracker - The draft's tracker.
 * @param root - The mutated state.
 * @returns The values to write.
 */
function changesOf(tracker: Tracker, root: Json): Change[] {
  const paths = [...tracker.before.values()]
    .filter(({ path, json }) => JSON.stringify(valueAt(root, path)) !== json)
    // A removed value is written as its parent without it.
    .map(({ path }) =>
      writablePrefix(
        valueAt(root, path) === undefined ? path.slice(0, -1) : path,
      ),
    )
    .sort((a, b) => a.length - b.length);
  const kept: string[][] = [];
  for (const path of paths) {
    const covered = kept.some((done) =>
      done.every((segment, at) => path[at] === segment),
    );
    if (!covered) {
      kept.push(path);
    }
  }
  return kept.map((path) => ({ path, value: valueAt(root, path) ?? null }));
}

/**
 * Wraps a JSON object so that reads and writes of its values are remembered.
 *
 * @param root - The state object, mutated in place through the returned draft.
 * @returns The draft to hand out, and `changes()` to call once the mutation is done.
 */
export function trackChanges<Value extends Record<string, Json>>(
  root: Value,
): { draft: Value; changes: () => Change[] } {
  const tracker: Tracker = {
    before: new Map(),
    proxies: new WeakMap(),
    targets: new WeakMap(),
  };
  return {
    draft: new Proxy(root, handlerFor<Value>(tracker, [])),
    changes: () => changesOf(tracker, root),
  };
}

/**
 * Folds the changes of one update into a single write: the one change, or the value
 * at the deepest path all changes share (the whole state when they share none). A
 * wallet applies one `snap_setState` whole, so an update interrupted between writes
 * can never leave state half old, half new; the cost is writing the shared parent.
 *
 * @param changes - The update's changes (see `trackChanges`).
 * @param root - The mutated state.
 * @returns The write, or undefined when nothing changed.
 */
export function oneWrite(
  changes: Change[],
  root: Record<string, Json>,
): Change | undefined {
  if (changes.length <= 1) {
    return changes[0];
  }
  const path = commonPrefix(changes.map((change) => change.path));
  return { path, value: valueAt(root, path) ?? null };
}

/**
 * The longest path every path starts with.
 *
 * @param paths - The paths.
 * @returns Their common prefix.
 */
function commonPrefix(paths: string[][]): string[] {
  const [first = [], ...others] = paths;
  const end = first.findIndex((segment, at) =>
    others.some((path) => path[at] !== segment),
  );
  return end === -1 ? first : first.slice(0, end);
}
