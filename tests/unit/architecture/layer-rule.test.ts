/**
 * The lint rule parley/layers (eslint-rules/layers.js) on probe files, through ESLint's Node API and the project's
 * own eslint.config.js: relative imports are resolved against the importing file before the layer table is read,
 * so no depth of `../` gets past it.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layerTable } from '../../support/layer-table.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The parley/layers messages for `code` linted as if it were the file at `file` (repository-relative). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'parley/layers').map((m) => m.message);
}

describe('parley/layers: imports resolved, then checked against the layer table', () => {
  it('a file directly in cli/ importing ../engine/index.js fails, naming the resolved file and the door', async () => {
    const errors = await layerErrors('src-main/cli/x.ts', "import { x } from '../engine/index.js';\nvoid x;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src-main/cli/x.ts may not import src-main/engine/index.ts');
    expect(errors[0]).toContain('The doors go through src-main/app/');
  });

  it('a file in cli/commands/ importing ../../engine/index.js fails', async () => {
    const errors = await layerErrors('src-main/cli/commands/x.ts', "import '../../engine/index.js';\n");
    expect(errors).toEqual([expect.stringContaining('may not import src-main/engine/index.ts')]);
  });

  it('a door importing ../app/index.js passes, and so does its own folder and src-shared', async () => {
    const code = "import '../app/index.js';\nimport './flags.js';\nimport '../../src-shared/contract/index.js';\n";
    expect(await layerErrors('src-main/cli/x.ts', code)).toEqual([]);
    expect(await layerErrors('src-main/api/x.ts', "import '../app/index.js';\n")).toEqual([]);
  });

  it('every room below app/ importing ../app/index.js fails', async () => {
    for (const room of layerTable.ROOMS_BEHIND_THE_DOOR) {
      const errors = await layerErrors(`src-main/${room}/x.ts`, "import '../app/index.js';\n");
      expect({ room, errors }).toEqual({ room, errors: [expect.stringContaining('may not import src-main/app/')] });
    }
  });

  it('compare/ importing ../store/index.js fails; the one pure helper it uses, canonical-json, passes', async () => {
    expect(await layerErrors('src-main/compare/x.ts', "import '../store/index.js';\n")).toEqual([
      expect.stringContaining('src-main/compare/x.ts may not import src-main/store/index.ts'),
    ]);
    expect(await layerErrors('src-main/compare/x.ts', "import '../store/canonical-json.js';\n")).toEqual([]);
  });

  it('catches every way of writing an import: type-only, re-export, dynamic, an import type', async () => {
    const code = [
      "import type { Store } from '../../store/index.js';",
      "export { x } from '../../engine/index.js';",
      "export * from '../../providers/index.js';",
      "export const m = () => import('../../formats/index.js');",
      "export type S = Store | import('../../speech/index.js').SpeechSpec;",
    ].join('\n');
    expect(await layerErrors('src-main/cli/commands/x.ts', code)).toHaveLength(5);
  });

  it("holds through the lead's move: app/ subfolders reach the rooms; only serve reaches server/", async () => {
    expect(await layerErrors('src-main/app/runs/x.ts', "import '../../engine/index.js';\n")).toEqual([]);
    expect(await layerErrors('src-main/cli/commands/serve.ts', "import '../../server/web-server.js';\n")).toEqual([]);
    expect(await layerErrors('src-main/cli/commands/run.ts', "import '../../server/web-server.js';\n")).toHaveLength(1);
    expect(await layerErrors('src-main/api/handlers/x.ts', "import '../../store/index.js';\n")).toHaveLength(1);
  });

  it('ignores packages, and refuses a room the table does not place', async () => {
    expect(await layerErrors('src-main/engine/x.ts', "import 'zod';\nimport fs from 'node:fs';\nvoid fs;\n")).toEqual(
      [],
    );
    expect(await layerErrors('src-main/newroom/x.ts', "import '../engine/index.js';\n")).toEqual([
      expect.stringContaining('newroom is not placed in the layer table'),
    ]);
  });
});
