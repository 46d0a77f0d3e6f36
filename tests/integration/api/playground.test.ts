import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlaygroundEvent } from '../../../src-shared/contract/events.js';
import { AgentGraph, TestSuite, type Persona } from '../../../src-shared/schemas/index.js';
import { disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { resourcesDir } from '../../../src-main/app/workspace/first-run-methods.js';
import { PlaygroundService } from '../../../src-main/app/index.js';
import { appModels } from '../../../src-main/app/door/app-service.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';

/** The context's Try-it service with its own idle times. */
const serviceFor = (ctx: ApiContext, opts = {}) =>
  new PlaygroundService(ctx.store, appModels(ctx), (e) => ctx.events.emit(e), opts);
import { clinicGraph, goodScript, seedClinic, writeScript } from './run-control-fixtures.js';
import { useApiContext } from '../../support/api-context.js';
import { withoutLatency } from '../../support/without-latency.js';

/** The bundled example (resources/example) and its scripted model, through dispatch like the app. */
describe('playground (Try it) through dispatch', () => {
  const api = useApiContext();
  const { call, events } = api;
  const raw = (m: string, i: unknown) => dispatch(api.ctx, m, i);
  const example = async () => {
    const fr = await call('app.firstRun', {});
    const file = fr.model_spec!.slice('scripted:'.length);
    const suite = TestSuite.parse(
      JSON.parse(fs.readFileSync(path.join(resourcesDir()!, 'example', 'suite.json'), 'utf8')),
    );
    return { agentId: fr.agent_id, model: { provider: 'scripted' as const, model: file }, suite };
  };
  const mine = (id: string) =>
    events.filter(
      (e): e is PlaygroundEvent => e.type.startsWith('playground.') && (e as PlaygroundEvent).session_id === id,
    );

  it('simulated: a library persona speaks turn by turn and the example agent books the slot', async () => {
    const { agentId, model, suite } = await example();
    const john = suite.tests[0];
    const persona = await call('personas.save', { persona: john.persona as Persona });
    const { session_id, state } = await call('playground.start', {
      agent_id: agentId,
      persona: persona.id,
      mode: 'simulated',
      models: { agent: model },
      tool_mocks: john.tool_mocks,
    });
    expect(session_id).toMatch(/^try_/);
    expect(state).toMatchObject({
      mode: 'simulated',
      persona: 'John books a checkup',
      current_node: 'greeting',
      busy: false,
      ended: false,
      version_id: expect.any(String),
    });
    expect(state.models).toEqual({ agent: 'scripted:scripted-model.json', caller: 'scripted:scripted-model.json' });
    expect(state.transcript[0]).toMatchObject({ role: 'agent', node: 'greeting' });

    let s = state;
    for (let i = 0; i < 10 && !s.ended; i++) s = await call('playground.step', { session_id });
    expect(s.end_reason).toBe('end_node');
    expect(s.current_node).toBe('booked');
    expect(s.visits.map((v) => v.node)).toEqual(
      expect.arrayContaining(['identify', 'check_slots', 'offer_slot', 'book', 'booked']),
    );
    expect(s.transcript.some((x) => x.role === 'caller' && x.content.includes('John Smith'))).toBe(true);
    expect(s.transcript.at(-1)!.content).toContain('MS-2041');
    const firstCaller = s.steps[1];
    expect(firstCaller.caller).toMatchObject({ by: 'persona', text: expect.stringContaining('John Smith') });
    expect(firstCaller.moves[0]).toMatchObject({
      from: 'greeting',
      to: 'identify',
      via: 'greeting-identify',
      kind: 'prompt',
    });
    expect(firstCaller.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'patient_name', value: 'John Smith', source: 'extracted', node: 'identify' }),
      ]),
    );
    expect(firstCaller.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'find_slots', mocked: true })]),
    );

    const ev = mine(session_id);
    expect(ev.some((e) => e.type === 'playground.token' && e.role === 'agent')).toBe(true);
    expect(ev.filter((e) => e.type === 'playground.turn')).toHaveLength(s.transcript.length);
    expect(ev.filter((e) => e.type === 'playground.node').map((e) => (e as { node: string }).node)).toEqual(
      s.visits.map((v) => v.node),
    );
    const last = ev.filter((e) => e.type === 'playground.state').at(-1) as Extract<
      PlaygroundEvent,
      { type: 'playground.state' }
    >;
    expect(last.state.ended).toBe(true);

    expect(await call('playground.state', { session_id })).toEqual(s);
    const again = await raw('playground.step', { session_id });
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('has ended') },
    });
  });

  it('manual: the user types as the caller; the agent answers and the log says which edge and why', async () => {
    const { agentId, model } = await example();
    const { session_id } = await call('playground.start', {
      agent_id: agentId,
      mode: 'manual',
      models: { agent: model },
    });
    const a = await call('playground.say', {
      session_id,
      text: 'Hi, this is Maria Garcia, born March 22, 1990. I need to cancel my appointment.',
    });
    expect(a.current_node).toBe('confirm_cancel');
    expect(a.transcript.at(-1)).toMatchObject({
      role: 'agent',
      node: 'confirm_cancel',
      content: expect.stringContaining('Shall I cancel it?'),
    });
    const log = a.steps[1];
    expect(log.caller).toEqual({ text: expect.stringContaining('Maria Garcia'), by: 'you', done: false });
    expect(log.moves.map((m) => `${m.from}->${m.to} ${m.kind}`)).toEqual([
      'greeting->identify prompt',
      'identify->confirm_cancel equation',
    ]);
    expect(log.moves[1].condition).toContain('intent == cancel');
    expect(log.variables.find((v) => v.name === 'intent')).toMatchObject({ value: 'cancel', source: 'extracted' });
    expect(a.models.caller).toBeNull();

    const step = await raw('playground.step', { session_id });
    expect(step).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('I am the caller') },
    });
    const b = await call('playground.say', { session_id, text: 'Yes, please cancel it.' });
    expect(b).toMatchObject({ ended: true, end_reason: 'end_node', current_node: 'cancelled' });
  });

  it('tries an unsaved graph and starts from any node', async () => {
    const { agentId, versionId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'good', goodScript());
    const g = AgentGraph.parse(clinicGraph());
    g.nodes[1] = {
      ...g.nodes[1],
      instruction: { mode: 'static', text: 'Unsaved wording: Tuesday it is.' },
    } as (typeof g.nodes)[1];
    const { state } = await call('playground.start', {
      agent_id: agentId,
      graph: g,
      start_node: 'book',
      mode: 'manual',
      models: { agent: { provider: 'scripted', model: script } },
    });
    expect(state).toMatchObject({ version_id: null, start_node: 'book', current_node: 'book' });
    expect(withoutLatency(state.transcript)).toEqual([
      { role: 'agent', content: 'Unsaved wording: Tuesday it is.', node: 'book' },
    ]);
    const stored = await call('playground.start', {
      agent_id: agentId,
      mode: 'manual',
      models: { agent: { provider: 'scripted', model: script } },
    });
    expect(stored.state.version_id).toBe(versionId);
    expect(stored.state.current_node).toBe('greet');
  });

  it('errors say what went wrong and where', async () => {
    const { agentId, model } = await example();
    const base = { agent_id: agentId, mode: 'manual' as const, models: { agent: model } };
    const missing = await raw('playground.start', {
      ...base,
      models: { agent: { provider: 'scripted', model: path.join(api.dir, 'nope.json') } },
    });
    expect(missing).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        path: 'models.agent',
        message: expect.stringMatching(/agent model .*nope\.json could not be loaded: .*not found/),
      },
    });
    expect(await raw('playground.start', { ...base, persona: 'persona_gone', mode: 'simulated' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', path: 'persona' },
    });
    expect(await raw('playground.start', { ...base, start_node: 'nowhere' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', path: 'start_node', message: expect.stringContaining('greeting, identify') },
    });
    expect(await raw('playground.start', { ...base, agent_id: 'agent_gone' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await raw('playground.start', { ...base, mode: 'loud' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', path: 'mode' },
    });
    expect(await raw('playground.state', { session_id: 'try_nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('press Restart') },
    });
    expect(await call('playground.stop', { session_id: 'try_nope' })).toEqual({ stopped: false });
  });

  it('stop ends a conversation; idle ones close by themselves; shutdown closes the rest', async () => {
    const { agentId, model } = await example();
    const manager = serviceFor(api.ctx, { idleMs: 80, sweepMs: 20 });
    api.ctx.services.set('playground', manager);
    const base = { agent_id: agentId, mode: 'manual' as const, models: { agent: model } };
    const a = await call('playground.start', base);
    expect(await call('playground.stop', { session_id: a.session_id })).toEqual({ stopped: true });
    expect(await call('playground.state', { session_id: a.session_id })).toMatchObject({
      ended: true,
      end_reason: 'cancelled',
      error: 'stopped by the user',
    });

    const idle = await call('playground.start', base);
    await new Promise((r) => setTimeout(r, 250));
    expect(await raw('playground.state', { session_id: idle.session_id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    const closed = mine(idle.session_id)
      .filter((e) => e.type === 'playground.state')
      .at(-1) as Extract<PlaygroundEvent, { type: 'playground.state' }>;
    expect(closed.state).toMatchObject({ ended: true, error: 'closed after 1 second without activity' });

    api.ctx.services.set('playground', serviceFor(api.ctx));
    const live = await call('playground.start', base);
    await disposeApiContext(api.ctx);
    const shut = mine(live.session_id)
      .filter((e) => e.type === 'playground.state')
      .at(-1) as Extract<PlaygroundEvent, { type: 'playground.state' }>;
    expect(shut.state).toMatchObject({ ended: true, error: 'the app is shutting down' });
    expect(await raw('playground.start', base)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
