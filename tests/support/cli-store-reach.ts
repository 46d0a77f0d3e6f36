/**
 * Where a file of the command line reaches the store (issue 32): read from TypeScript's syntax tree, so a word in a
 * string or a comment ("nothing was stored") is not a reach, and `store`, `app.store`, `{ store }`, a `Store` type
 * and a call of an application function that takes a store (or hands one out) are.
 */
import ts from 'typescript';

const STORE_NAMES = new Set(['store', 'Store']);

const mentionsStore = (node: ts.Node | undefined, sf: ts.SourceFile) => !!node && /\bStore\b/.test(node.getText(sf));

/** The name and signature of each function a file exports (declarations and `export const f = (...) =>`). */
function exportedFunctions(sf: ts.SourceFile): { name: string; fn: ts.SignatureDeclaration }[] {
  const out: { name: string; fn: ts.SignatureDeclaration }[] = [];
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && exported(st)) out.push({ name: st.name.text, fn: st });
    if (ts.isVariableStatement(st) && exported(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && ts.isArrowFunction(d.initializer))
          out.push({ name: d.name.text, fn: d.initializer });
  }
  return out;
}

/**
 * The application's functions that need the store from their caller or give it out: exported functions whose
 * first parameter is typed `Store` (`requireRun(store, id)`, `importAgentFiles(store, ...)`) or whose return type
 * names `Store` (`openAppStore(db)`).
 */
export function storeFunctions(files: { file: string; text: string }[]): Set<string> {
  const names = new Set<string>();
  for (const { file, text } of files) {
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    for (const { name, fn } of exportedFunctions(sf))
      if (mentionsStore(fn.parameters[0]?.type, sf) || mentionsStore(fn.type, sf)) names.add(name);
  }
  return names;
}

/** Each place `text` reaches the store, as `line N: what` (empty when it does not). */
export function storeReaches(file: string, text: string, storeFns: ReadonlySet<string>): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (n: ts.Node) => `line ${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n) && STORE_NAMES.has(n.text)) found.push(`${at(n)}: ${n.text}`);
    if (ts.isElementAccessExpression(n) && ts.isStringLiteralLike(n.argumentExpression))
      if (STORE_NAMES.has(n.argumentExpression.text)) found.push(`${at(n)}: ['${n.argumentExpression.text}']`);
    // a function called by its own name: `app.analysis.proposeGapTests(...)` is an App service method, no store
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && storeFns.has(n.expression.text))
      found.push(`${at(n)}: ${n.expression.text}(...)`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
