import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { ApiFailure } from '../door/errors.js';
import type { ApiContext } from '../door/context.js';
import type { Methods } from '../method-table.js';
import { resolveAgentVersion } from '../refs/resolve.js';

/**
 * The first-run screen's "Open the example": imports the bundled example agent and suite from
 * resources/example/ once (idempotent: a second call finds them by their marker and imports nothing),
 * and names the bundled scripted model so "Run it" works offline with no model installed.
 */

const EXAMPLE_FILES = { agent: 'agent.json', suite: 'suite.json', script: 'scripted-model.json' } as const;
const MARKER = 'parley-example';

/** resources/ next to the app: found by walking up from this file (source tree, bundled main) or Electron's resourcesPath. */
export function resourcesDir(): string | undefined {
  const candidates: string[] = [];
  const rp = (process as { resourcesPath?: string }).resourcesPath;
  if (rp) candidates.push(path.join(rp, 'resources'), rp);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, 'resources'));
    dir = path.dirname(dir);
  }
  return candidates.find((c) => fs.existsSync(path.join(c, 'example', EXAMPLE_FILES.agent)));
}

/** Scripted model files shipped with the app (offered in the model picker). */
export function bundledScripts(): string[] {
  const dir = resourcesDir();
  if (!dir) return [];
  const file = path.join(dir, 'example', EXAMPLE_FILES.script);
  return fs.existsSync(file) ? [file] : [];
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ApiFailure({
      code: 'internal',
      file,
      message: `the bundled example ${file} could not be read: ${(e as Error).message}`,
    });
  }
}

function findMarked(ctx: ApiContext): { agent_id?: string; suite_id?: string } {
  const agent = ctx.store.agents.list().find((a) => {
    const v = resolveAgentVersion(ctx.store, a.id).version;
    return v.graph.source.meta?.[MARKER] === true;
  });
  const suite = ctx.store.suites.list().find((s) => s.data.source_meta?.[MARKER] === true);
  return { agent_id: agent?.id, suite_id: suite?.id };
}

export const firstRunMethods: Methods = {
  'app.firstRun': (ctx) => {
    const dir = resourcesDir();
    if (!dir)
      throw new ApiFailure({
        code: 'internal',
        message: 'the bundled example (resources/example/agent.json) is missing from this installation',
      });
    const scripts = bundledScripts();
    const model_spec = scripts[0] ? `scripted:${scripts[0]}` : undefined;
    const found = findMarked(ctx);
    if (found.agent_id && found.suite_id)
      return { agent_id: found.agent_id, suite_id: found.suite_id, created: false, model_spec };

    const graphFile = path.join(dir, 'example', EXAMPLE_FILES.agent);
    const suiteFile = path.join(dir, 'example', EXAMPLE_FILES.suite);
    const graph = AgentGraph.safeParse(readJson(graphFile));
    if (!graph.success)
      throw new ApiFailure({
        code: 'internal',
        file: graphFile,
        message: `the bundled example agent is invalid: ${graph.error.issues[0]?.message}`,
      });
    const suite = TestSuite.safeParse(readJson(suiteFile));
    if (!suite.success)
      throw new ApiFailure({
        code: 'internal',
        file: suiteFile,
        message: `the bundled example suite is invalid: ${suite.error.issues[0]?.message}`,
      });

    return ctx.store.transaction(() => {
      let agentId = found.agent_id;
      if (!agentId) {
        const g = {
          ...graph.data,
          source: { ...graph.data.source, meta: { ...graph.data.source.meta, [MARKER]: true } },
        };
        agentId = ctx.store.agents.create(g, { note: 'bundled example' }).agent.id;
      }
      let suiteId = found.suite_id;
      if (!suiteId) {
        const s = { ...suite.data, source_meta: { ...suite.data.source_meta, [MARKER]: true } };
        suiteId = ctx.store.suites.create(s, s.name || 'Example suite', { agent_id: agentId }).id;
      }
      return { agent_id: agentId, suite_id: suiteId, created: true, model_spec };
    });
  },
};
