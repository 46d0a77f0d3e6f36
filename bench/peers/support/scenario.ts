/**
 * The side-by-side scenario of bench/peers (issue 15): a one-node agent, 8 callers with a goal, 4 caller
 * turns, one rubric metric. Written as a Parley agent file + suite file; the caller's system prompt is
 * computed with Parley's own functions so the peer tool's simulated user gets the same text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Persona, TestCase } from '../../../src-shared/schemas/index.js';
import { renderPersonaPrompt } from '../../../src-shared/persona/persona-prompt.js';
import { callerSystemPrompt } from '../../../src-main/engine/conversation/caller.js';

export const AGENT_INSTRUCTION =
  'You are the billing desk of Acme. Be brief and polite. Help the caller with their billing question and explain every charge clearly.';
export const METRIC = 'The agent explained the charge the caller asked about';
export const TURNS = 4;

const NAMES = ['Dana', 'Lee', 'Sam', 'Ravi', 'Mia', 'Tom', 'Ana', 'Kai'];
const GOALS = [
  'You were charged twice for your March bill and want one charge refunded.',
  'Your bill went up by 12 dollars and you want to know why.',
  'You want to cancel the premium add-on and check the final charge.',
  'You see a late fee although you paid on time, and want it removed.',
];

export interface ScenarioCaller {
  name: string;
  persona: Persona;
  /** Parley's caller system prompt for this persona (no known variables). */
  system: string;
}

export function scenarioCallers(n = 8): ScenarioCaller[] {
  return Array.from({ length: n }, (_, i) => {
    const persona = Persona.parse({
      name: NAMES[i % NAMES.length],
      identity: { name: NAMES[i % NAMES.length] },
      goal: GOALS[i % GOALS.length],
      personality: { temperament: 'calm', verbosity: 'low' },
    });
    return { name: `caller ${i + 1}`, persona, system: callerSystemPrompt(renderPersonaPrompt(persona), {}) };
  });
}

/** Writes agent.json and suite.json into `dir`; returns their paths. */
export function writeParleyScenario(dir: string, n = 8): { agent: string; suite: string } {
  fs.mkdirSync(dir, { recursive: true });
  const agent = {
    name: 'Billing desk (one node)',
    entry_node_id: 'billing',
    first_speaker: 'caller',
    nodes: [{ id: 'billing', type: 'conversation', instruction: { mode: 'prompt', text: AGENT_INSTRUCTION } }],
  };
  const tests = scenarioCallers(n).map((c) =>
    TestCase.parse({
      name: c.name,
      persona: c.persona,
      max_turns: TURNS,
      metrics: [{ criterion: METRIC, threshold: 0.5 }],
    }),
  );
  const files = { agent: path.join(dir, 'agent.json'), suite: path.join(dir, 'suite.json') };
  fs.writeFileSync(files.agent, JSON.stringify(agent, null, 2));
  fs.writeFileSync(files.suite, JSON.stringify({ name: 'peers', tests }, null, 2));
  return files;
}
