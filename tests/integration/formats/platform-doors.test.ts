import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { useApiContext } from '../../support/api-context.js';
import { FIXTURE_DIR, ROOT } from '../../unit/formats/helpers.js';

/** Python source and spreadsheets through both doors: the CLI reads bytes, the API takes base64. */

const BIN = path.join(ROOT, 'bin/parley.mjs');
const PY = path.join(FIXTURE_DIR, 'livekit/clinic_agents.py');
const XLSX = path.join(FIXTURE_DIR, 'xlsform/clinic-intake.xlsx');
const parley = (args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('the CLI door', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('parley import reads a LiveKit .py file and an XLSForm .xlsx, and validate checks them without a store', () => {
    const db = path.join(dir, 'doors.db');
    const r = parley(['import', PY, XLSX, '--db', db, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { format: string; nodes: number; kind: string }[];
    expect(out.map((o) => [o.kind, o.format, o.nodes])).toEqual([
      ['agent', 'livekit', 2],
      ['agent', 'xlsform', 18],
    ]);
    const v = parley(['validate', PY, XLSX]);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/clinic_agents\.py: ok: agent "clinic_agents" \(livekit, 2 nodes\)/);
    expect(v.stdout).toMatch(/clinic-intake\.xlsx: ok: agent "Clinic intake" \(xlsform, 18 nodes\), 1 warning/);
  });

  it('parley export writes a stored agent as LiveKit Python and reads a .py file on the fly', () => {
    const target = path.join(dir, 'out_agent.py');
    const r = parley(['export', PY, '--format', 'bland', '-o', target]);
    expect(r.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(target, 'utf8'))).toMatchObject({
      nodes: expect.any(Array),
      edges: expect.any(Array),
    });
    const back = parley(['export', path.join(FIXTURE_DIR, 'bland/order-support-pathway.json'), '--format', 'livekit']);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/^class status\(Agent\):$/m);
    expect(back.stderr).toMatch(/dropped nodes\[1\]: extract node "collect_order"/);
  });

  it('a spreadsheet given where a text file is read says to import it', () => {
    const r = parley(['export', XLSX, '--format', 'parley']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/spreadsheet .* read by `parley import`|through `parley import`/);
  });
});

describe('the API door (the app and web mode)', () => {
  const api = useApiContext();

  it('agents.import takes a spreadsheet as base64 and Python as text', async () => {
    const out = await dispatch(api.ctx, 'agents.import', {
      files: [
        { name: 'clinic-intake.xlsx', base64: fs.readFileSync(XLSX).toString('base64') },
        { name: 'clinic_agents.py', text: fs.readFileSync(PY, 'utf8') },
      ],
    });
    if (!out.ok) throw new Error(out.error.message);
    expect((out.output as { ok: boolean; format: string }[]).map((o) => [o.ok, o.format])).toEqual([
      [true, 'xlsform'],
      [true, 'livekit'],
    ]);
    expect(api.store.agents.list()).toHaveLength(2);
  });

  it('refuses a file with both or neither of text and base64, naming the field', async () => {
    const out = await dispatch(api.ctx, 'agents.import', { files: [{ name: 'x.json' }] });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.message).toMatch(/exactly one of text .* and base64/);
  });

  it('a Bland pathway with a dangling edge can be opened in the editor to fix, then saved', async () => {
    const doc = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'bland/order-support-pathway.json'), 'utf8'));
    doc.edges[3].target = 'gone';
    const out = await dispatch(api.ctx, 'agents.import', {
      files: [{ name: 'orders.json', text: JSON.stringify(doc) }],
    });
    if (!out.ok) throw new Error(out.error.message);
    const [o] = out.output as {
      ok: boolean;
      errors: { path: string }[];
      fixable?: { graph: AgentGraph; format: string };
    }[];
    expect(o!.ok).toBe(false);
    expect(o!.errors.map((e) => e.path)).toEqual(['edges[3].target']);
    expect(o!.fixable?.format).toBe('bland-pathway');
    expect(api.store.agents.list()).toEqual([]);
    const graph = o!.fixable!.graph;
    const fixed = {
      ...graph,
      nodes: graph.nodes.map((n) => ({
        ...n,
        transitions: n.transitions.map((t) => (t.target === 'gone' ? { ...t, target: 'status' } : t)),
      })),
    };
    const saved = await dispatch(api.ctx, 'agents.importFixed', {
      graph: fixed,
      file: 'orders.json',
      format: 'bland-pathway',
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(api.store.agents.list()).toHaveLength(1);
  });
});
