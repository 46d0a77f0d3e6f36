import type { RunEvent } from '../contract/index.js';
import type { LiveRun } from '../contract/runs.js';
import type { ResultStatus, RunStatus, RunSummary, TranscriptTurn } from '../schemas/run.js';
import type { EndpointStatsRecord } from '../schemas/endpoint-options.js';

/**
 * What the live run page knows about each conversation, built from the stored result rows, the run
 * manager's snapshot (`runs.live`) and then the run events as they arrive. Pure: unit-tested.
 */

export type LiveStatus = 'running' | ResultStatus;

export interface LiveTest {
  key: string;
  test: string;
  test_index: number;
  repeat: number;
  status: LiveStatus;
  result_id?: string;
  duration_ms?: number;
  /** Finished turns (kept while running; finished conversations are read from the stored result). */
  transcript: TranscriptTurn[];
  /** The turn being spoken: streamed tokens so far. */
  partial: { role: 'agent' | 'caller'; text: string } | null;
  /** The slow step going on, in words (test.step: "turn 3, recognising the caller (speech)"); cleared by the next turn. */
  step?: string;
}

export interface LiveState {
  run_id: string;
  /** Planned conversations (tests x repeats); null when unknown. */
  total: number | null;
  tests: Record<string, LiveTest>;
  /** Load and errors per model endpoint (run.endpoints), null until the first report. */
  endpoints?: EndpointStatsRecord[] | null;
  /** Set by run.finished. */
  finished: { status: RunStatus; summary: RunSummary; error: string | null } | null;
}

export interface ResultRowLike {
  id: string;
  test: string;
  test_index: number;
  repeat: number;
  status: string;
  duration_ms: number;
}

export const testKey = (test_index: number, repeat: number) => `${test_index}:${repeat}`;

export const initialLive = (run_id: string): LiveState => ({ run_id, total: null, tests: {}, finished: null });

const asStatus = (s: string): LiveStatus =>
  s === 'pass' || s === 'fail' || s === 'error' || s === 'imported' ? s : 'error';

/** Merges stored rows and the manager's snapshot into the state (events already applied win). */
export function seedLive(state: LiveState, rows: ResultRowLike[], live?: LiveRun | null): LiveState {
  const tests = { ...state.tests };
  for (const r of rows) {
    const key = testKey(r.test_index, r.repeat);
    const cur = tests[key];
    if (cur && cur.status !== 'running') continue;
    tests[key] = {
      key,
      test: r.test,
      test_index: r.test_index,
      repeat: r.repeat,
      status: asStatus(r.status),
      result_id: r.id,
      duration_ms: r.duration_ms,
      transcript: [],
      partial: null,
    };
  }
  for (const t of live?.running ?? []) {
    const key = testKey(t.test_index, t.repeat);
    const cur = tests[key];
    if (cur && cur.status !== 'running') continue;
    // Keep whichever transcript is longer: the snapshot may predate events this page already saw.
    const useSnapshot = !cur || t.transcript.length >= cur.transcript.length;
    tests[key] = {
      key,
      test: t.test,
      test_index: t.test_index,
      repeat: t.repeat,
      status: 'running',
      transcript: useSnapshot ? t.transcript : cur.transcript,
      partial: useSnapshot ? t.partial : cur.partial,
    };
  }
  // The manager's total is the whole plan (resumes included): it wins over what events implied.
  return { ...state, total: live?.total ?? state.total, tests };
}

function upsert(
  state: LiveState,
  test_index: number,
  repeat: number,
  f: (t: LiveTest) => LiveTest,
  test = '',
): LiveState {
  const key = testKey(test_index, repeat);
  const cur = state.tests[key] ?? {
    key,
    test,
    test_index,
    repeat,
    status: 'running' as LiveStatus,
    transcript: [],
    partial: null,
  };
  return { ...state, tests: { ...state.tests, [key]: f(cur) } };
}

export function applyEvent(state: LiveState, e: RunEvent): LiveState {
  if (e.run_id !== state.run_id) return state;
  switch (e.type) {
    case 'run.started': {
      // A resumed run plans only what is missing: the conversations already stored count too.
      const stored = Object.values(state.tests).filter((t) => t.status !== 'running').length;
      return { ...state, total: e.total + stored, finished: null };
    }
    case 'test.started':
      return upsert(
        state,
        e.test_index,
        e.repeat,
        (t) => ({ ...t, test: e.test, status: 'running', transcript: [], partial: null }),
        e.test,
      );
    case 'test.turn':
      return upsert(state, e.test_index, e.repeat, (t) => ({
        ...t,
        transcript: [...t.transcript, e.node && !e.turn.node ? { ...e.turn, node: e.node } : e.turn],
        partial: null,
        step: undefined,
      }));
    case 'test.step':
      return upsert(state, e.test_index, e.repeat, (t) => ({ ...t, step: e.text }));
    case 'test.token':
      return upsert(state, e.test_index, e.repeat, (t) => ({
        ...t,
        partial: { role: e.role, text: (t.partial && t.partial.role === e.role ? t.partial.text : '') + e.chunk },
      }));
    case 'test.finished':
      return upsert(
        state,
        e.test_index,
        e.repeat,
        (t) => ({
          ...t,
          test: e.test,
          status: e.status,
          result_id: e.result_id,
          duration_ms: e.duration_ms,
          partial: null,
          step: undefined,
        }),
        e.test,
      );
    case 'run.endpoints':
      return { ...state, endpoints: e.endpoints };
    case 'run.finished': {
      // Conversations cut off by a cancel or a crash were not stored: they are no longer running.
      const tests = Object.fromEntries(Object.entries(state.tests).filter(([, t]) => t.status !== 'running'));
      return { ...state, tests, finished: { status: e.status, summary: e.summary, error: e.error ?? null } };
    }
  }
}

export interface LiveCounts {
  total: number | null;
  queued: number | null;
  running: number;
  done: number;
  pass: number;
  fail: number;
  error: number;
}

export function liveCounts(state: LiveState): LiveCounts {
  let running = 0;
  let done = 0;
  let pass = 0;
  let fail = 0;
  let error = 0;
  for (const t of Object.values(state.tests)) {
    if (t.status === 'running') {
      running++;
      continue;
    }
    done++;
    if (t.status === 'pass' || t.status === 'imported') pass++;
    else if (t.status === 'fail') fail++;
    else error++;
  }
  const total = state.total === null ? null : Math.max(state.total, running + done);
  return {
    total,
    queued: total === null ? null : Math.max(0, total - running - done),
    running,
    done,
    pass,
    fail,
    error,
  };
}

/** Conversations in progress, in test order. */
export const runningTests = (state: LiveState) =>
  Object.values(state.tests)
    .filter((t) => t.status === 'running')
    .sort((a, b) => a.test_index - b.test_index || a.repeat - b.repeat);

/** Every known conversation in test order. */
export const allTests = (state: LiveState) =>
  Object.values(state.tests).sort((a, b) => a.test_index - b.test_index || a.repeat - b.repeat);
