import type { Json } from '@metamask/utils';
import { isObject } from '@metamask/utils';

/**
 * Change tracking for `Store.update`: the draft handed to an update function is
 * wrapped so that every value it reads or writes is remembered by its path, as it was
 * before the function ran. Afterwards only those values are compared, and each one that
 * changed is written under its own key (`snap_setState` with `key`), so a write costs
 * what it changes, and nothing the function did not touch is ever serialized. Plain
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

/**
 * Wraps a JSON object so that reads and writes of its values are remembered.
 *
 * @param root - The state object, mutated in place through the returned draft.
 * @returns The draft to hand out, and `changes()` to call once the mutation is done.
 */
export function trackChanges<Value extends Record<string, Json>>(
  root: Value,
): { draft: Value; changes: () => Change[] } {
  const before = new Map<string, { path: string[]; json?: string }>();
  const proxies = new WeakMap<object, Record<string, Json>>();
  const targets = new WeakMap<object, Record<string, Json>>();
  const remember = (path: string[], value: unknown): void => {
    const id = JSON.stringify(path);
    if (!before.has(id)) {
      before.set(id, { path, json: JSON.stringify(value) });
    }
  };
  const handlerFor = <Target extends Record<string, Json>>(
    path: string[],
  ): ProxyHandler<Target> => ({
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
        // eslint-disable-next-line @typescript-eslint/no-use-before-define -- mutual recursion
        return wrap(child, [...path, key]);
      }
      remember([...path, key], child);
      return child;
    },
    set(object, key, value, receiver): boolean {
      if (typeof key === 'string') {
        remember([...path, key], object[key]);
      }
      // Store the plain object behind a draft value, never the draft itself: the
      // value is later posted to the wallet, which cannot clone a Proxy.
      const plain: unknown = isObject(value)
        ? (targets.get(value) ?? value)
        : value;
      return Reflect.set(object, key, plain, receiver);
    },
    deleteProperty(object, key): boolean {
      if (typeof key === 'string') {
        remember([...path, key], object[key]);
      }
      return Reflect.deleteProperty(object, key);
    },
  });
  const wrap = (
    target: Record<string, Json>,
    path: string[],
  ): Record<string, Json> => {
    const known = proxies.get(target);
    if (known) {
      return known;
    }
    const proxy = new Proxy(target, handlerFor(path));
    proxies.set(target, proxy);
    targets.set(proxy, target);
    return proxy;
  };
  const changes = (): Change[] => {
    const paths = [...before.values()]
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
  };
  return { draft: new Proxy(root, handlerFor<Value>([])), changes };
}
