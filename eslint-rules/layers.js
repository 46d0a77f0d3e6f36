// @ts-check
/**
 * parley/layers: every relative import of src-main/ and src-shared/ is RESOLVED against the importing file, then
 * checked against THE layer table (./layer-table.js), as VS Code's build/lib/eslint/code-layering.ts does. Matching
 * raw specifiers by depth (`../../engine/**`) let `src-main/cli/x.ts` import `../engine/index.js`.
 *
 * Hand-written because no plugin that does this is installed (eslint-plugin-import-x's no-restricted-paths and
 * eslint-plugin-boundaries are not in node_modules), and the rule is small: node:path resolves, the table decides.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOORS, MAY_IMPORT, allowedFor, mayImport, placeOf, roomOf } from './layer-table.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The repository-relative file a relative specifier names, the way the project writes them (`./x.js` for
 * `./x.ts`, a folder for its index); the plain resolved path when no such file exists (yet).
 * @param {string} fromFile repository-relative, with forward slashes
 * @param {string} spec
 */
function resolveSpec(fromFile, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  const stem = base.replace(/\.js$/, '');
  const found = [`${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}/index.ts`, `${base}/index.tsx`].find((c) =>
    fs.existsSync(path.join(ROOT, c)),
  );
  return found ?? base;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'src-main rooms import only what the layer table (eslint-rules/layer-table.js) allows' },
    schema: [],
    messages: {
      notAllowed:
        "{{from}} may not import {{to}}: it may import {{allowed}} (eslint-rules/layer-table.js; docs/architecture.md, 'The door and the layers').{{hint}}",
      unplaced: '{{room}} is not placed in the layer table (eslint-rules/layer-table.js): add it there.',
    },
  },
  create(context) {
    const fromFile = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const from = placeOf(fromFile);
    if (!from) return {};
    const room = roomOf(from);
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const toFile = resolveSpec(fromFile, source.value);
      const to = placeOf(toFile);
      if (!to || mayImport(from, to)) return;
      if (!(room in MAY_IMPORT)) return context.report({ node: source, messageId: 'unplaced', data: { room } });
      const hint = DOORS.includes(room) ? ' The doors go through src-main/app/: add a use case there.' : '';
      const data = { from: fromFile, to: toFile, allowed: allowedFor(from).join(', '), hint };
      context.report({ node: source, messageId: 'notAllowed', data });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // type positions the ESTree types do not name: `import('../x.js').T` and `import x = require('../x.js')`
      /** @param {any} node */
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      /** @param {any} node */
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

export default { rules: { layers: layersRule } };
