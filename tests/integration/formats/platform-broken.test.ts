import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFileIntoStore } from '../../../src-main/formats/import-into-store.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { FIXTURE_DIR } from '../../unit/formats/helpers.js';
import { buildWorkbook, CLINIC_INTAKE, type SheetRows } from '../../fixtures/formats/xlsform/build-workbook.js';

/** Broken files per platform format: each is refused with a located error and nothing is written. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const load = (rel: string): Json => JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, rel), 'utf8')) as Json;
const deep = (levels: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};
const huge = (doc: Json): Json => ({ ...doc, padding: 'x'.repeat(10 * 1024 * 1024 + 10) });

/** [label, file name, content, expected error path (exact or regexp)]. */
const CASES: [string, string, string | Uint8Array, string | RegExp][] = [];
const json = (label: string, name: string, doc: unknown, where: string | RegExp) =>
  CASES.push([label, name, JSON.stringify(doc), where]);

{
  const p = load('bland/order-support-pathway.json');
  json(
    'bland: wrong type',
    'p.json',
    { ...p, nodes: p.nodes.map((n: Json, i: number) => (i === 2 ? { ...n, id: 7 } : n)) },
    'nodes[2].id',
  );
  json(
    'bland: dangling target',
    'p.json',
    { ...p, edges: [...p.edges, { id: 'e9', source: '1', target: 'nowhere', label: 'x' }] },
    'edges[7].target',
  );
  json(
    'bland: unknown node type',
    'p.json',
    { ...p, nodes: p.nodes.map((n: Json, i: number) => (i === 1 ? { ...n, type: 'Teleport' } : n)) },
    'nodes[1].type',
  );
  json(
    'bland: no start node',
    'p.json',
    { ...p, nodes: p.nodes.map((n: Json) => ({ ...n, data: { ...n.data, isStart: false } })) },
    'nodes',
  );
  json('bland: deep nesting', 'p.json', { ...p, extra: deep(80) }, /^extra/);
  json('bland agent: wrong type', 'a.json', { ...load('bland/dental-inbound-agent.json'), prompt: 42 }, 'prompt');
  json('bland: 10 MB', 'p.json', huge(p), '');
}
{
  const t = load('telnyx/bank-handoff-assistants.json');
  json(
    'telnyx: wrong type',
    't.json',
    { ...t, data: t.data.map((a: Json, i: number) => (i === 1 ? { ...a, instructions: ['x'] } : a)) },
    'data[1].instructions',
  );
  json(
    'telnyx: handoff without target id',
    't.json',
    {
      ...t,
      data: t.data.map((a: Json, i: number) =>
        i === 0 ? { ...a, tools: [{ type: 'handoff', handoff: { ai_assistants: [{ name: 'x' }] } }] } : a,
      ),
    },
    'data[0].tools[0].handoff.ai_assistants[0].id',
  );
  json('telnyx: deep nesting', 't.json', { ...t, extra: deep(80) }, /^extra/);
  json('telnyx: 10 MB', 't.json', huge(t), '');
}
{
  const e = load('elevenlabs/insurance-claims-workflow.json');
  const wf = e.conversation_config.workflow;
  const withFlow = (w: Json) => ({ ...e, conversation_config: { ...e.conversation_config, workflow: w } });
  json(
    'elevenlabs: wrong type',
    'e.json',
    withFlow({ ...wf, nodes: { ...wf.nodes, triage: { ...wf.nodes.triage, additional_prompt: 5 } } }),
    'conversation_config.workflow.nodes.triage.additional_prompt',
  );
  json(
    'elevenlabs: dangling target',
    'e.json',
    withFlow({
      ...wf,
      edges: {
        ...wf.edges,
        bad: { source: 'triage', target: 'ghost', forward_condition: { type: 'llm', condition: 'x' } },
      },
    }),
    'conversation_config.workflow.edges.bad.target',
  );
  json(
    'elevenlabs: unknown node type',
    'e.json',
    withFlow({ ...wf, nodes: { ...wf.nodes, done: { type: 'teleport' } } }),
    'conversation_config.workflow.nodes.done.type',
  );
  json('elevenlabs: deep nesting', 'e.json', { ...e, extra: deep(80) }, /^extra/);
  json('elevenlabs: 10 MB', 'e.json', huge(e), '');
}
{
  const py = fs.readFileSync(path.join(FIXTURE_DIR, 'livekit/clinic_agents.py'), 'utf8');
  CASES.push([
    'livekit: syntax error',
    'agent.py',
    py.replace('def __init__(self) -> None:', 'def __init__(self -> None:'),
    /^line \d+, column \d+$/,
  ]);
  CASES.push(['livekit: no agent class', 'agent.py', 'import os\n\nclass Helper:\n    pass\n', '']);
  CASES.push(['livekit: deep nesting', 'agent.py', `x = ${'['.repeat(400)}${']'.repeat(400)}\n`, /^line \d+/]);
  CASES.push(['livekit: 10 MB', 'agent.py', `${py}\n# ${'x'.repeat(10 * 1024 * 1024)}\n`, '']);
}

const sheet = (edit: (s: SheetRows) => void): SheetRows => {
  const s = structuredClone(CLINIC_INTAKE);
  edit(s);
  return s;
};
const XLS: [string, SheetRows, string][] = [
  ['xlsform: unknown question type', sheet((s) => (s.survey[2][0] = 'teleport')), 'survey!A3'],
  ['xlsform: missing choice list', sheet((s) => (s.survey[4][0] = 'select_one colours')), 'survey!A5'],
  ['xlsform: dangling ${field}', sheet((s) => (s.survey[9][5] = '${shoe_size} > 3')), 'survey!F10'],
  // An expression Parley cannot read is no longer refused (issue 33): tests/unit/formats/xlsform/conditions.test.ts.
  ['xlsform: no type column', sheet((s) => (s.survey[0][0] = 'kind')), 'survey!1'],
  [
    'xlsform: groups nested too deep',
    sheet((s) =>
      s.survey.splice(
        1,
        0,
        ...Array.from({ length: 70 }, (_, i) => ['begin_group', `g${i}`, 'G', null, null, null, null, null]),
      ),
    ),
    'survey!A67',
  ],
];

describe('broken platform files are refused with a location, and nothing is written', () => {
  let dir: string;
  let store: Store;
  const counts = () =>
    store.db.prepare('SELECT (SELECT count(*) FROM agents) a, (SELECT count(*) FROM agent_versions) v').get();
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    store = openStore(path.join(dir, 'broken.db'));
  });
  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const check = async (name: string, content: string | Uint8Array, where: string | RegExp) => {
    const before = counts();
    const r = await importFileIntoStore(store, content, name);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.length).toBeGreaterThan(0);
    const paths = r.errors.map((e) => e.path);
    if (typeof where === 'string') expect(paths).toContain(where);
    else
      expect(
        paths.some((p) => where.test(p)),
        paths.join(', '),
      ).toBe(true);
    for (const e of r.errors) {
      expect(e.file).toBe(name);
      expect(e.message).toMatch(/expected/);
      expect(e.message).not.toMatch(/internal error/);
    }
    expect(counts()).toEqual(before);
  };

  for (const [label, name, content, where] of CASES) it(label, () => check(name, content, where));
  for (const [label, sheets, where] of XLS)
    it(label, async () => check('survey.xlsx', new Uint8Array(await buildWorkbook(sheets)), where));
  it('xlsform: 10 MB', () => check('survey.xlsx', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x50), ''));
  it('xlsform: not a workbook', () => check('survey.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), ''));
});
