import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of a source file: the file it resolves to (repo-relative) and whether it is type-only. */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(root: string, dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(root, rel);
    return /\.(ts|tsx)$/.test(e.name) ? [rel] : [];
  });
}

/** Resolves a relative specifier the way the project writes them (`./x.js` for `./x.ts`, folders to index). */
function resolveSpec(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find((c) => files.has(c));
}

/**
 * Every relative import between the project's source files, read by TypeScript's own parser (static,
 * dynamic and re-exports; type-only ones marked), so a test of the import direction cannot be dodged by
 * how an import is written.
 */
export function importGraph(root: string, dirs: string[]): { files: string[]; edges: ImportEdge[] } {
  const files = dirs.flatMap((d) => sourceFiles(root, d));
  const set = new Set(files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = fs.readFileSync(path.join(root, from), 'utf8');
    const src = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, false);
    const add = (spec: string, typeOnly: boolean) => {
      const to = resolveSpec(from, spec, set);
      if (to) edges.push({ from, to, typeOnly });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier))
        add(node.moduleSpecifier.text, !!node.importClause?.isTypeOnly);
      else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        add(node.moduleSpecifier.text, node.isTypeOnly);
      else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      )
        add(node.arguments[0].text, false);
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return { files, edges };
}

/** Groups of files that import each other in a circle (Tarjan's strongly connected components of size > 1). */
export function importCycles(files: string[], edges: ImportEdge[]): string[][] {
  const out = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) out.get(e.from)!.push(e.to);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of out.get(v)!) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) cycles.push(c.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) connect(f);
  return cycles;
}
