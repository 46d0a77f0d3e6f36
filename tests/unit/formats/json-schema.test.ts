import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportAgent, parseAgentFile } from '../../../src-main/formats/index.js';
import { agentFileSchema, schemaFiles, suiteFileSchema } from '../../../src-main/formats/json-schema.js';
import { CORPUS_DIR, FIXTURE_DIR, ROOT, read } from './helpers.js';

describe('JSON Schemas of Parley files', () => {
  it('docs/schemas/*.json are up to date with the zod schemas (run: npx tsx src-main/formats/json-schema.ts)', () => {
    for (const [rel, text] of Object.entries(schemaFiles())) {
      expect(readFileSync(path.join(ROOT, rel), 'utf8'), rel).toBe(text);
    }
  });

  it('accept what Parley writes and refuse what it refuses', async () => {
    // ajv (2020-12 build) is present in node_modules as a dependency of the toolchain.
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const agent = ajv.compile(agentFileSchema());
    for (const f of ['revring-order-status.json', 'vapi-squad-clinic.json', 'retell-cf-dashboard-export.json']) {
      const r = parseAgentFile(read(path.join(FIXTURE_DIR, f)), f);
      if (!r.ok || r.kind !== 'agent') throw new Error(f);
      const doc = JSON.parse(exportAgent(r.graph, 'parley').text);
      expect(agent(doc), JSON.stringify(agent.errors)).toBe(true);
    }
    expect(
      agent({ format: 'parley', version: 1, agent: { entry_node_id: 'a', nodes: [{ id: 'a', type: 'teleport' }] } }),
    ).toBe(false);
    expect(agent({ format: 'parley', version: 2, agent: { entry_node_id: 'a', nodes: [] } })).toBe(false);

    const suite = ajv.compile(suiteFileSchema());
    const demo = parseAgentFile(read(path.join(CORPUS_DIR, 'demo-tests.json')), 'demo-tests.json');
    if (!demo.ok || demo.kind !== 'suite') throw new Error('demo');
    expect(suite(demo.suite), JSON.stringify(suite.errors)).toBe(true);
    expect(suite({ tests: [{ name: 'legacy', type: 'simulation' }] })).toBe(true);
    expect(suite({ tests: [{ name: '' }] })).toBe(false);
  });
});
