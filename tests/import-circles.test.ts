// Every static, type-only, re-export and dynamic import, resolved with tsconfig.json. Left out:
// src/routeTree.gen.ts, which TanStack Router writes and which imports the router back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src') + path.sep;
const GENERATED = new Set([path.join(SRC, 'routeTree.gen.ts')]);

function importGraph(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const files = config.fileNames.map((f) => path.resolve(f)).filter((f) => f.startsWith(SRC) && !GENERATED.has(f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule)
      .filter((m) => m && !m.isExternalLibraryImport)
      .map((m) => path.resolve(m!.resolvedFileName))
      .filter((target) => target.startsWith(SRC) && !GENERATED.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with a cycle (Tarjan). */
function findCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import circles', () => {
  it('finds a circle, however long, and nothing in a graph without one', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(findCircles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(findCircles(graph({ a: ['a'] }))).toEqual([['a']]);
    expect(findCircles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('has none in src/', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(150);
    // Resolution works for both forms: the alias and a relative path.
    expect(graph.get(path.join(SRC, 'lib/list.ts'))).toContain(path.join(SRC, 'lib/zod.ts'));
    expect(graph.get(path.join(SRC, 'server/env.ts'))).toContain(path.join(SRC, 'lib/zod.ts'));
    const circles = findCircles(graph).map((circle) => circle.map((file) => path.relative(SRC, file)).join(' → '));
    expect(circles).toEqual([]);
  });
});
