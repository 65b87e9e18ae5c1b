import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house as drawn in the README: rooms on floors, every import going down or across its own
 * room, never up, and no file reaching itself through its imports. A move that breaks either
 * fails here, in `npm test`, with the imports that do.
 */
const ROOT = join(import.meta.dirname, '../..');

/** The rooms, lowest first: a file may import its own room's files and any lower room's. */
const FLOORS: readonly (readonly string[])[] = [
  ['src/core/'],
  ['src/protocol/'],
  ['src/live/'],
  ['workers/'],
  ['src/ui/', 'src/cli/'],
  ['bench/', 'scripts/'],
];

/** The room a file is in (the prefix naming it), and its floor; undefined outside the house. */
function roomOf(file: string): { room: string; floor: number } | undefined {
  for (const [floor, rooms] of FLOORS.entries()) {
    const room = rooms.find((prefix) => file.startsWith(prefix));
    if (room) return { room, floor };
  }
  return undefined;
}

/** Every TypeScript file of the house. */
function sources(dir = ROOT): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('dist') || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) {
      const file = relative(ROOT, path);
      if (roomOf(file)) found.push(file);
    }
  }
  return found;
}

/** The files of the house a file imports (static, dynamic, re-exports and worker URLs). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    ...text.matchAll(/new URL\(\s*['"](\.[^'"]+)['"],\s*import\.meta\.url/g),
  ].map((match) => match[1] as string);
  return specs
    .map((spec) =>
      normalize(join(dirname(file), spec.replace(/\?.*$/, ''))).replace(/\.js$/, '.ts'),
    )
    .filter((target) => roomOf(target) !== undefined && target.endsWith('.ts'));
}

describe('the house', () => {
  const files = sources();
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it('has its rooms, with files in each', () => {
    for (const rooms of FLOORS) {
      for (const room of rooms)
        expect(
          files.some((file) => file.startsWith(room)),
          room,
        ).toBe(true);
    }
  });

  it('has no import that runs up a floor, or across to another room of its floor', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = roomOf(file);
      for (const target of targets) {
        const to = roomOf(target);
        if (!from || !to) continue;
        if (to.floor > from.floor || (to.floor === from.floor && to.room !== from.room)) {
          wrong.push(`${file} -> ${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no circle of imports', () => {
    // Tarjan's strongly connected components: any with more than one file is a circle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    let next = 0;
    const visit = (file: string): void => {
      index.set(file, next);
      low.set(file, next++);
      stack.push(file);
      onStack.add(file);
      for (const target of graph.get(file) ?? []) {
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
        } else if (onStack.has(target)) {
          low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
        }
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        if (component.length > 1 || (graph.get(file) ?? []).includes(file)) {
          circles.push(component.sort());
        }
      }
    };
    for (const file of graph.keys()) if (!index.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
