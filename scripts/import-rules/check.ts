/**
 * `npm run lint:imports`: the import rules of rules.ts against src/, with the breaches still
 * allowed (allowed.json) and the features caught in import loops. Exit 1 on a breach that is
 * not allowed, or on an allowed one that is gone (take it off the list).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGraph, type Module } from './graph.ts';
import { DATABASE_HOME, DATABASE_PACKAGES, IMPORT_RULES, isTestCode } from './rules.ts';

const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** The tables a module exports (`export const orders = sqliteTable(`), read once per module. */
function tableReader(root: string) {
  const cache = new Map<string, Set<string>>();
  return (path: string) => {
    let tables = cache.get(path);
    if (!tables) {
      const file = join(root, path);
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      tables = new Set([...text.matchAll(/export const (\w+) = sqliteTable\(/g)].map((m) => m[1]!));
      cache.set(path, tables);
    }
    return tables;
  };
}

/** The features' strongly connected groups of two or more (Tarjan): features in an import loop. */
export function featureLoops(modules: readonly Module[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const module of modules) {
    const from = featureOf(module.path);
    if (!from || isTestCode(module.path)) continue;
    for (const { to } of module.imports) {
      const target = featureOf(to);
      if (target && target !== from && !isTestCode(to)) {
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(target);
      }
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) loops.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return loops;
}

/** Every breach, as 'rule: from -> to' (feature loops as 'feature-loop: a -> b', one per edge in a loop). */
export function breaches(root: string, modules: readonly Module[]): string[] {
  const tablesOf = tableReader(root);
  const found = new Set<string>();
  for (const module of modules) {
    if (isTestCode(module.path)) continue;
    for (const edge of module.imports) {
      for (const rule of IMPORT_RULES) {
        if (rule.from.test(module.path) && rule.to.test(edge.to)) found.add(`${rule.id}: ${module.path} -> ${edge.to}`);
      }
      if (edge.typeOnly || DATABASE_HOME.some((home) => home.test(module.path))) continue;
      const tables = edge.to.startsWith('src/') ? tablesOf(edge.to) : new Set<string>();
      if (DATABASE_PACKAGES.includes(edge.to) || edge.names.some((name) => tables.has(name))) {
        found.add(`database-outside-server-modules: ${module.path} -> ${edge.to}`);
      }
    }
  }
  const loops = featureLoops(modules);
  const inLoop = new Map(loops.flatMap((group, i) => group.map((feature) => [feature, i] as const)));
  for (const module of modules) {
    const from = featureOf(module.path);
    if (!from || isTestCode(module.path)) continue;
    for (const { to } of module.imports) {
      const target = featureOf(to);
      if (target && target !== from && !isTestCode(to) && inLoop.has(from) && inLoop.get(from) === inLoop.get(target)) {
        found.add(`feature-loop: ${from} -> ${target}`);
      }
    }
  }
  return [...found].sort();
}

export const ALLOWED_FILE = 'scripts/import-rules/allowed.json';

export function readAllowed(root: string): string[] {
  return JSON.parse(readFileSync(join(root, ALLOWED_FILE), 'utf8')) as string[];
}

if (import.meta.main) {
  const root = process.cwd();
  const modules = readGraph(root);
  const found = breaches(root, modules);
  const allowed = new Set(readAllowed(root));
  const fresh = found.filter((breach) => !allowed.has(breach));
  const gone = [...allowed].filter((breach) => !found.includes(breach));
  const loops = featureLoops(modules);
  const byRule = Map.groupBy(found, (breach) => breach.split(':')[0]!);
  console.log(`import rules: ${modules.length} modules read`);
  console.log(`features in an import loop: ${loops.flat().length} (${loops.map((g) => g.join(', ')).join(' | ')})`);
  for (const [rule, list] of byRule) console.log(`  ${rule}: ${list.length} allowed for now`);
  for (const breach of fresh) console.error(`new breach: ${breach}`);
  for (const breach of gone) console.error(`mended, take it off ${ALLOWED_FILE}: ${breach}`);
  process.exit(fresh.length + gone.length > 0 ? 1 : 0);
}
