/**
 * No import circle in src/, type-only imports included (a circle means a type sits too
 * high). ESLint's
 * `import-x/no-cycle` (eslint.config.mjs) catches circles of value imports while
 * editing; it skips `import type` by design, so this test walks every import with
 * TypeScript's own `preProcessFile` and fails on any loop, naming its files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { preProcessFile } from 'typescript';

const SRC = resolve(__dirname, '../../src');

/**
 * Every .ts/.tsx file under a folder.
 *
 * @param folder - The folder.
 * @returns Absolute paths.
 */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      return sources(path);
    }
    return /\.tsx?$/u.test(name) ? [path] : [];
  });
}

/**
 * The src/ files one file imports (relative imports only; `index` resolved).
 *
 * @param file - An absolute path.
 * @param known - Every source file.
 * @returns The imported files.
 */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = preProcessFile(readFileSync(file, 'utf8'));
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
    .flatMap((base) =>
      ['.ts', '.tsx', '/index.ts']
        .map((ending) => `${base}${ending}`)
        .filter((path) => known.has(path))
        .slice(0, 1),
    );
}

/**
 * The import circles of a graph: each strongly connected group of two or more files
 * (or a file importing itself), found by depth-first search (Tarjan).
 *
 * @param graph - Imports by file.
 * @returns Each circle's files, relative to src/, sorted.
 */
function circles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file) ?? 0);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, order.get(next) ?? 0));
      }
    }
    if (low.get(file) === order.get(file)) {
      const group = stack.splice(stack.indexOf(file));
      if (group.length > 1 || graph.get(file)?.includes(file)) {
        found.push(group.map((path) => relative(SRC, path)).sort());
      }
    }
  };
  for (const file of graph.keys()) {
    if (!order.has(file)) {
      visit(file);
    }
  }
  return found;
}

describe('import circles in src/', () => {
  it('finds none but the pending one, type-only imports included', () => {
    const files = sources(SRC);
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

    expect(circles(graph)).toStrictEqual([]);
  });

  it('would name one: the check sees type-only imports', () => {
    const graph = new Map([
      [join(SRC, 'a.ts'), [join(SRC, 'b.ts')]],
      [join(SRC, 'b.ts'), [join(SRC, 'a.ts')]],
      [join(SRC, 'c.ts'), [join(SRC, 'a.ts')]],
    ]);

    expect(circles(graph)).toStrictEqual([['a.ts', 'b.ts']]);
  });
});
