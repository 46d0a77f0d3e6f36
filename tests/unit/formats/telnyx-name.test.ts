import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, agentOk, read } from './helpers.js';

describe("imported agents are named from the file's own name fields", () => {
  it('a Telnyx list of assistants is named after its first (entry) assistant, not the file', () => {
    const r = agentOk(read(path.join(FIXTURE_DIR, 'telnyx/bank-handoff-assistants.json')), 'telnyx-assistants.json');
    expect(r.graph.name).toBe('Front desk');
  });

  it('a voicetest graph takes the kept Retell agent name', () => {
    const g = {
      entry_node_id: 'start_node',
      nodes: { start_node: { id: 'start_node', state_prompt: 'Hi', node_type: 'conversation' } },
      source_metadata: { agent_envelope: { agent_name: 'Pizza line' } },
    };
    expect(agentOk(JSON.stringify(g), 'start_node.json').graph.name).toBe('Pizza line');
  });
});
