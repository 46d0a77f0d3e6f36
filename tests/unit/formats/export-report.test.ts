import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportAgent } from '../../../src-main/formats/index.js';
import { exportReportText } from '../../../src-main/cli/text/export-report-text.js';
import { dropKind, exportReport } from '../../../src-shared/text/export-report.js';
import { FIXTURE_DIR, agentOk, read } from './helpers.js';

const BLAND = path.join(FIXTURE_DIR, 'bland/order-support-pathway.json');

describe('export reports: what a person would miss first, metadata notes folded', () => {
  it('Bland -> LiveKit: nodes, then transitions, then the rest; the kept-settings notes last', () => {
    const g = agentOk(read(BLAND), 'pathway.json').graph;
    const out = exportAgent(g, 'livekit');
    const kinds = out.dropped.map(dropKind);
    const firstMeta = kinds.indexOf('metadata');
    expect(firstMeta).toBeGreaterThan(0);
    expect(kinds.slice(firstMeta).every((k) => k === 'metadata' || k === 'note')).toBe(true);
    expect(kinds.indexOf('node')).toBe(0);
    expect(kinds.lastIndexOf('node')).toBeLessThan(kinds.indexOf('other'));
    const r = exportReport(out.dropped);
    expect(r.metadata!.summary).toMatch(/^\d+ metadata notes: bland-pathway settings kept from import \(type/);
    const text = exportReportText(out.dropped);
    expect(text).toMatch(/^dropped nodes\[1\]: extract node "collect_order"/);
    expect(text.split('\n').filter((l) => /settings kept from import/.test(l))).toHaveLength(1);
  });

  it('names the tools and default variables that did not survive', () => {
    const g = agentOk(read(BLAND), 'pathway.json').graph;
    g.default_variables = { shop: 'Acme', city: 'Oslo' };
    const out = exportAgent(g, 'vapi');
    const features = out.dropped.map((d) => d.feature);
    expect(features).toContain('default variables (shop, city)');
    // Transitions are named by their node and target.
    expect(out.dropped.find((d) => dropKind(d) === 'transition')!.feature).toMatch(/to "[^"]+".* from node "[^"]+"/);
    expect(out.dropped.map(dropKind).indexOf('transition')).toBeLessThan(out.dropped.map(dropKind).indexOf('other'));
  });

  it('Bland -> LiveKit keeps every node as an Agent class named after the node', () => {
    const g = agentOk(read(BLAND), 'pathway.json').graph;
    const py = exportAgent(g, 'livekit').text;
    const classes = [...py.matchAll(/^class (\w+)\(Agent\):$/gm)].map((m) => m[1]);
    expect(classes).toHaveLength(g.nodes.length);
    // Node "1" is named "Start" in the pathway: its class is Start (the id is kept as parley_id).
    expect(classes[0]).toBe('Start');
    expect(py).toContain('parley_id = "1"');
    expect(classes).toEqual(expect.arrayContaining(['collect_order', 'lookup', 'status', 'human', 'faq', 'bye']));
  });
});

describe('Bland global nodes', () => {
  it('a global node returns by itself in Bland, so it is not warned as having no way out', () => {
    const p = JSON.parse(read(BLAND)) as { nodes: { id: string; type: string; data: Record<string, unknown> }[] };
    p.nodes.push({
      id: 'hours',
      type: 'Default',
      data: {
        name: 'Opening hours',
        isGlobal: true,
        globalLabel: 'The caller asks when the shop is open',
        prompt: 'Say we are open 9-5.',
      },
    });
    const text = JSON.stringify(p);
    const r = agentOk(text, 'pathway.json');
    expect(r.warnings.filter((w) => /no way out/.test(w.message))).toEqual([]);
    expect(r.graph.nodes.find((n) => n.id === 'hours')!.global).toBeDefined();
    const out = exportAgent(r.graph, 'bland');
    expect(out.dropped).toEqual([]);
    expect(JSON.parse(out.text)).toEqual(p);
  });
});
