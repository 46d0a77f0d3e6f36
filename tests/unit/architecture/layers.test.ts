import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentMethods } from '../../../src-shared/contract/agents.js';
import { analysisMethods } from '../../../src-shared/contract/analysis.js';
import { appMethods } from '../../../src-shared/contract/app.js';
import { callMethods } from '../../../src-shared/contract/calls.js';
import { redteamMethods } from '../../../src-shared/contract/redteam.js';
import { compareMethods } from '../../../src-shared/contract/compare.js';
import { formatMethods } from '../../../src-shared/contract/formats.js';
import { labelMethods } from '../../../src-shared/contract/labels.js';
import { modelMethods } from '../../../src-shared/contract/models.js';
import { personaMethods } from '../../../src-shared/contract/personas.js';
import { playgroundMethods } from '../../../src-shared/contract/playground.js';
import { runMethods } from '../../../src-shared/contract/runs.js';
import { suiteMethods } from '../../../src-shared/contract/suites.js';
import { speechMethods } from '../../../src-shared/contract/speech.js';
import { jobMethods } from '../../../src-shared/contract/jobs.js';
import { fixMethods } from '../../../src-shared/contract/fixes.js';
import { contract } from '../../../src-shared/contract/index.js';
import { METHODS } from '../../../src-main/app/rooms.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(e.name) ? [rel] : [];
  });
}

/** `'runs.start': ...` keys registered by a handler file. */
const registered = (text: string) => [...text.matchAll(/^ {2}'([a-zA-Z]+)\.[a-zA-Z]+':/gm)].map((m) => m[1]);

describe('contract and handlers line up by namespace (docs/architecture.md)', () => {
  const byFile: Record<string, object> = {
    agents: agentMethods,
    analysis: analysisMethods,
    app: appMethods,
    calls: callMethods,
    compare: compareMethods,
    formats: formatMethods,
    labels: labelMethods,
    models: modelMethods,
    personas: personaMethods,
    playground: playgroundMethods,
    runs: runMethods,
    suites: suiteMethods,
    speech: speechMethods,
    jobs: jobMethods,
    fixes: fixMethods,
    redteam: redteamMethods,
  };

  it('each contract file declares only its own namespace, and together they are the whole contract', () => {
    const files = fs
      .readdirSync(path.join(ROOT, 'src-shared/contract'))
      .filter((f) => /^[a-z]+\.ts$/.test(f) && /export const \w+Methods = \{/.test(read(`src-shared/contract/${f}`)))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(Object.keys(byFile).sort());
    for (const [ns, methods] of Object.entries(byFile))
      expect(Object.keys(methods).filter((m) => !m.startsWith(`${ns}.`))).toEqual([]);
    expect(Object.values(byFile).reduce((n, m) => n + Object.keys(m).length, 0)).toBe(Object.keys(contract).length);
  });

  it('each room registers only the contract namespaces of its domain (app/rooms.ts)', () => {
    const namespacesOf: Record<string, string[]> = {
      workspace: ['app'],
      jobs: ['jobs'],
      agents: ['agents', 'formats'],
      suites: ['suites', 'personas'],
      runs: ['runs'],
      judgements: ['runs', 'labels'],
      calls: ['calls'],
      compare: ['compare'],
      models: ['models'],
      playground: ['playground'],
      analysis: ['analysis'],
      speech: ['speech'],
      fix: ['fixes'],
      redteam: ['redteam'],
    };
    const offenders = METHODS.names().filter(
      (m) => !(namespacesOf[METHODS.roomOf(m) ?? ''] ?? []).includes(m.split('.')[0]),
    );
    expect(METHODS.names().length).toBeGreaterThanOrEqual(80);
    expect(offenders.map((m) => `${METHODS.roomOf(m)} registers ${m}`)).toEqual([]);
  });

  it('the check can fail: a key of another namespace is found', () => {
    expect(registered("export const h = {\n  'runs.start': x,\n  'app.backup': y,\n};")).toEqual(['runs', 'app']);
  });
});

describe('one application layer, one run loop (issue 16)', () => {
  const main = sourceFiles('src-main');

  it('an agent version falls back to the latest in one place only: src-main/app/refs/resolve.ts', () => {
    const places = main.filter(
      (f) => /latest_version_id\)|agents\.latest\(/.test(read(f)) && !f.startsWith('src-main/store/'),
    );
    expect(places).toEqual(['src-main/app/refs/resolve.ts']);
  });

  it('a plan is worked through by one loop: only engine/run/run-pool.ts queues work over a plan', () => {
    const queues = main.filter((f) => /new PQueue\(/.test(read(f)));
    // run-models.ts and endpoint-pool.ts limit calls per model / per endpoint; they run no plan
    expect(queues.sort()).toEqual(['src-main/engine/model-io/run-models.ts', 'src-main/engine/run/run-pool.ts']);
    const poolUsers = main.filter((f) => /\brunPool\(/.test(read(f)) && f !== 'src-main/engine/run/run-pool.ts');
    // execute-plan.ts: every kind of run; the routing analysis's model batches; app/judgements/rejudge.ts: re-judging;
    // app/models/readiness.ts: the model readiness check's tasks; app/speech/audio-eval.ts: audio evaluation of a finished run
    expect(poolUsers.sort()).toEqual([
      'src-main/analysis/routing.ts',
      'src-main/app/judgements/rejudge.ts',
      'src-main/app/models/readiness.ts',
      'src-main/app/speech/audio-eval.ts',
      'src-main/engine/run/execute-plan.ts',
    ]);
  });

  it('the doors reach runs through the application layer, not the engine', () => {
    const doors = main.filter((f) => f.startsWith('src-main/cli/') || f.startsWith('src-main/api/'));
    const starters = doors.filter((f) => /\b(startRun|startReplay|startEvaluation|executePlan)\(/.test(read(f)));
    expect(starters).toEqual([]);
  });
});
