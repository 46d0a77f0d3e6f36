import { describe, expect, it } from 'vitest';
import { exportAgent, parseAgentFile } from '../../../../src-main/formats/index.js';
import { agentOk, conv, graph, normal } from '../helpers.js';

/** A Bland pathway's `globalConfig.globalPrompt` is the graph's global prompt, read and written back. */
describe('Bland pathway globalConfig.globalPrompt', () => {
  const pathway = (globalConfig: Record<string, unknown> | undefined) => ({
    name: 'Front desk',
    nodes: [
      { id: '1', type: 'Default', data: { name: 'Start', isStart: true, prompt: 'Greet the caller.' } },
      { id: '2', type: 'End Call', data: { name: 'Bye', text: 'Goodbye.' } },
    ],
    edges: [{ id: 'e1', source: '1', target: '2', label: 'the caller is done' }],
    ...(globalConfig ? { globalConfig } : {}),
  });

  it('is read as the global prompt', () => {
    const g = agentOk(JSON.stringify(pathway({ globalPrompt: 'Be warm and brief.' })), 'p.json').graph;
    expect(g.global_prompt).toBe('Be warm and brief.');
    expect(JSON.stringify(g.source.meta)).not.toContain('Be warm and brief.');
  });

  it('is written back where it was, next to the other globalConfig keys, giving the same file', () => {
    const src = pathway({ tone: 'formal', globalPrompt: 'Be warm and brief.', kb: 'KB-1' });
    const g = agentOk(JSON.stringify(src), 'p.json').graph;
    const out = exportAgent(g, 'bland');
    expect(out.text.trimEnd()).toBe(JSON.stringify(src, null, 2));
    expect(out.dropped).toEqual([]);
  });

  it('an empty globalPrompt is kept as empty; a pathway without globalConfig gets none', () => {
    const empty = pathway({ globalPrompt: '' });
    expect(normal(exportAgent(agentOk(JSON.stringify(empty), 'p.json').graph, 'bland').text)).toBe(
      normal(JSON.stringify(empty)),
    );
    const none = pathway(undefined);
    expect(JSON.parse(exportAgent(agentOk(JSON.stringify(none), 'p.json').graph, 'bland').text)).not.toHaveProperty(
      'globalConfig',
    );
  });

  it("an edit to the graph's global prompt is what export writes", () => {
    const g = agentOk(JSON.stringify(pathway({ globalPrompt: 'Old.' })), 'p.json').graph;
    const out = JSON.parse(exportAgent({ ...g, global_prompt: 'New.' }, 'bland').text);
    expect(out.globalConfig).toEqual({ globalPrompt: 'New.' });
  });

  it('a graph from another format exports its global prompt as globalConfig.globalPrompt, not as a drop', () => {
    const g = graph([conv('a'), conv('b')], { global_prompt: 'Always be polite.', source: { format: 'parley' } });
    const out = exportAgent(g, 'bland');
    expect(JSON.parse(out.text).globalConfig).toEqual({ globalPrompt: 'Always be polite.' });
    expect(out.dropped.map((d) => d.path)).not.toContain('global_prompt');
  });

  it('a globalPrompt that is not a string is an error at its path', () => {
    const r = parseAgentFile(JSON.stringify(pathway({ globalPrompt: 7 })), 'p.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toContain('globalConfig.globalPrompt');
  });
});
