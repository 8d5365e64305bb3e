import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules' import graph (docs/ARCHITECTURE.md "Module map"): a module reaches another only
 * through its service (a lint rule), and no two modules lean on each other, directly or round a
 * longer loop. A loop would mean neither can be understood, tested or moved without the other.
 */
const modulesDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Module name -> the other modules its source files import (type imports included). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(modulesDir)) {
    const [module, ...rest] = relative(modulesDir, file).split('/');
    if (!module || rest.length === 0) continue;
    const targets = graph.get(module) ?? new Set<string>();
    graph.set(module, targets);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/from '\.\.\/(?:\.\.\/)*?([a-z-]+)\//g)) {
      if (target && target !== module) targets.add(target);
    }
  }
  for (const targets of graph.values())
    for (const target of targets) if (!graph.has(target)) targets.delete(target);
  return graph;
}

/** Every loop of the graph, each as the path that closes it (a -> b -> a). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, stack: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next, [...stack, next]);
    }
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, [node]);
  return found;
}

describe('the server modules', () => {
  it('import each other without a loop', () => {
    expect(cycles(moduleGraph())).toEqual([]);
  });

  it('finds a loop when there is one (the check itself)', () => {
    const graph = new Map([
      ['requests', new Set(['projects'])],
      ['projects', new Set(['files'])],
      ['files', new Set(['requests'])],
    ]);
    expect(cycles(graph)).toEqual(['files -> requests -> projects -> files']);
  });
});
