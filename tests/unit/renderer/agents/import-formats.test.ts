import { describe, expect, it } from 'vitest';
import { formatsList } from '../../../../src-main/app/agents/export-agent.js';
import { importFormatsText } from '../../../../src-renderer/features/agents/import-formats.js';

describe("the import formats the welcome and Agents pages name come from the importers' one table", () => {
  it('names every agent format Parley reads, and no suite or export-only format', () => {
    const list = formatsList();
    const text = importFormatsText(list)!;
    const agentImports = list.filter((f) => f.import && f.holds === 'agent');
    expect(agentImports.length).toBeGreaterThanOrEqual(11);
    for (const f of agentImports) expect(text).toContain(f.name);
    expect(text).not.toContain('Mermaid');
    expect(text).not.toContain('suite JSON');
    expect(text).toMatch(/, [^,]+ or [^,]+$/);
  });

  it('is null before the list is known', () => {
    expect(importFormatsText(undefined)).toBeNull();
    expect(importFormatsText([{ id: 'parley', name: 'Parley agent JSON', import: true }])).toBe('Parley agent JSON');
  });
});
