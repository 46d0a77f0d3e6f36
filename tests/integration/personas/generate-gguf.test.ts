/** Persona generation through the real llama-cpp provider on the tiny GGUF: the grammar keeps the answer valid. */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePersonas } from '../../../src-main/personas/generate.js';
import { createProviderRegistry } from '../../../src-main/providers/registry.js';
import { parseAgentFile } from '../../../src-main/formats/index.js';
import { Persona, type AgentGraph } from '../../../src-shared/schemas/index.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

const registry = createProviderRegistry();
afterAll(async () => {
  await registry.close();
});

describe('persona generation on the tiny GGUF', () => {
  it('returns schema-valid personas from a real model (gibberish text, valid structure)', async () => {
    const parsed = parseAgentFile(
      fs.readFileSync('tests/fixtures/engine/orders-agent.json', 'utf8'),
      'orders-agent.json',
    );
    const graph = (parsed.ok && parsed.kind === 'agent' ? parsed.graph : null) as AgentGraph;
    const model = await registry.load({
      provider: 'llama-cpp',
      model: await ensureTinyGguf(undefined, 1, { contextLength: 8192 }),
      params: { threads: 1, context_size: 4096 },
    });
    const out = await generatePersonas(graph, model, { count: 2 });
    expect(out.length).toBeGreaterThanOrEqual(1);
    expect(out.length).toBeLessThanOrEqual(2);
    for (const g of out) {
      expect(Persona.safeParse(g.persona).success).toBe(true);
      expect(g.persona.name.length).toBeGreaterThan(0);
      expect(g.persona.tags).toEqual(['generated']);
    }
  }, 120_000);
});
