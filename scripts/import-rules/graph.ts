/**
 * The import graph of src/: every module, what it imports (resolved to a repo path, or
 * `npm:<package>`), and whether each import is for types only.
 *
 * Why not dependency-cruiser: it does not read `.astro` files (sverweij/dependency-cruiser#1007,
 * its PR still open), and a third of our imports between features are in `.astro` frontmatter.
 * The parsing here is TypeScript's own parser and Astro's compiler; only the walk is ours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { parse } from '@astrojs/compiler/sync';
import ts from 'typescript';

export interface ImportEdge {
  /** A repo-relative path ('src/features/orders/orders.server.ts') or 'npm:drizzle-orm'. */
  to: string;
  /** The names imported (`*` for a namespace or a side-effect import). */
  names: readonly string[];
  typeOnly: boolean;
}

export interface Module {
  path: string;
  imports: readonly ImportEdge[];
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;

/** Every source file under `dir`, repo-relative, in a stable order. */
export function sourceFiles(root: string, dir = 'src'): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(join(root, at), { withFileTypes: true })) {
      const path = `${at}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(dir);
  return found.sort();
}

/** The TypeScript of a module: an `.astro` file's frontmatter and its `<script>` blocks. */
function scriptOf(path: string, text: string): string {
  if (!path.endsWith('.astro')) return text;
  const parts: string[] = [];
  const visit = (node: { type: string; value?: string; name?: string; children?: unknown[] }) => {
    if (node.type === 'frontmatter' && node.value) parts.push(node.value);
    if (node.type === 'element' && node.name === 'script') {
      for (const child of (node.children ?? []) as { type: string; value?: string }[]) {
        if (child.type === 'text' && child.value) parts.push(child.value);
      }
    }
    for (const child of (node.children ?? []) as (typeof node)[]) visit(child);
  };
  visit(parse(text, undefined).ast as unknown as Parameters<typeof visit>[0]);
  return parts.join('\n');
}

/** What `specifier`, written in `from`, names: a repo path, 'npm:<package>', or null (a URL, a virtual module). */
function resolve(root: string, from: string, specifier: string, aliases: Record<string, string>): string | null {
  let target: string | null = null;
  if (specifier.startsWith('.')) target = normalize(join(dirname(from), specifier));
  else if (specifier.startsWith('#')) {
    const alias = Object.keys(aliases).find((key) => specifier.startsWith(key.replace('*', '')));
    if (!alias) return null;
    target = normalize(join(aliases[alias]!.replace('*', ''), specifier.slice(alias.length - 1)));
  } else if (/^(node:|astro:|virtual:|https?:)/.test(specifier)) return null;
  else {
    const [scope, name] = specifier.split('/');
    return `npm:${scope!.startsWith('@') ? `${scope}/${name}` : scope}`;
  }
  return relative(root, join(root, target)).replaceAll('\\', '/').replace(/\?.*$/, '');
}

function edgesOf(source: ts.SourceFile): { specifier: string; names: string[]; typeOnly: boolean }[] {
  const edges: { specifier: string; names: string[]; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
      const nameOf = (e: ts.ImportSpecifier) => (e.propertyName ?? e.name).text;
      const all = [
        ...(clause?.name ? ['default'] : []),
        ...named.map(nameOf),
        ...(!clause || (bindings && ts.isNamespaceImport(bindings)) ? ['*'] : []),
      ];
      // `import type { A }` and `import { type A, type B }` are erased: no module is loaded.
      const values = clause?.isTypeOnly
        ? []
        : all.filter((name) => !named.some((e) => e.isTypeOnly && nameOf(e) === name));
      edges.push({
        specifier: node.moduleSpecifier.text,
        names: values.length > 0 ? values : all,
        typeOnly: values.length === 0,
      });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      edges.push({ specifier: node.moduleSpecifier.text, names: ['*'], typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      edges.push({ specifier: node.arguments[0].text, names: ['*'], typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Reads and resolves every module under src/ of the checkout at `root`. */
export function readGraph(root: string): Module[] {
  const aliases = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> })
    .imports;
  return sourceFiles(root).map((path) => {
    const text = scriptOf(path, readFileSync(join(root, path), 'utf8'));
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
    const imports = edgesOf(source).flatMap(({ specifier, names, typeOnly }) => {
      const to = resolve(root, path, specifier, aliases ?? {});
      return to ? [{ to, names, typeOnly }] : [];
    });
    return { path, imports };
  });
}
