import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../../src-shared/contract/index.js';
import {
  allTests,
  applyEvent,
  initialLive,
  liveCounts,
  runningTests,
  seedLive,
} from '../../../../src-shared/run/live.js';

const R = 'run_1';
const apply = (events: RunEvent[], s = initialLive(R)) => events.reduce(applyEvent, s);
const summary = { total: 2, passed: 1, failed: 1, errored: 0 };

describe('live run state', () => {
  it('follows a run from its events: queued, running, streamed tokens, turns, finished', () => {
    let s = apply([
      { type: 'run.started', run_id: R, total: 3 },
      { type: 'test.started', run_id: R, test: 'a', test_index: 0, repeat: 0 },
    ]);
    expect(liveCounts(s)).toMatchObject({ total: 3, queued: 2, running: 1, done: 0 });
    s = apply(
      [
        { type: 'test.token', run_id: R, test_index: 0, repeat: 0, role: 'agent', chunk: 'Hello ' },
        { type: 'test.token', run_id: R, test_index: 0, repeat: 0, role: 'agent', chunk: 'there' },
      ],
      s,
    );
    expect(runningTests(s)[0].partial).toEqual({ role: 'agent', text: 'Hello there' });
    s = apply(
      [
        {
          type: 'test.turn',
          run_id: R,
          test_index: 0,
          repeat: 0,
          turn: { role: 'agent', content: 'Hello there' },
          node: 'greet',
        },
      ],
      s,
    );
    expect(runningTests(s)[0]).toMatchObject({
      partial: null,
      transcript: [{ role: 'agent', content: 'Hello there', node: 'greet' }],
    });
    // a token of the other role starts a new partial turn
    s = apply([{ type: 'test.token', run_id: R, test_index: 0, repeat: 0, role: 'caller', chunk: 'Hi' }], s);
    expect(runningTests(s)[0].partial).toEqual({ role: 'caller', text: 'Hi' });
    s = apply(
      [
        {
          type: 'test.finished',
          run_id: R,
          test: 'a',
          test_index: 0,
          repeat: 0,
          status: 'fail',
          result_id: 'res_a',
          duration_ms: 12,
        },
      ],
      s,
    );
    expect(liveCounts(s)).toMatchObject({ queued: 2, running: 0, done: 1, fail: 1 });
    expect(allTests(s)[0]).toMatchObject({ status: 'fail', result_id: 'res_a', partial: null });
  });

  it('ignores events of other runs', () => {
    const s = apply([{ type: 'test.started', run_id: 'other', test: 'a', test_index: 0, repeat: 0 }]);
    expect(allTests(s)).toEqual([]);
  });

  it('drops conversations cut off by a cancel when the run finishes', () => {
    const s = apply([
      { type: 'run.started', run_id: R, total: 2 },
      { type: 'test.started', run_id: R, test: 'a', test_index: 0, repeat: 0 },
      { type: 'test.started', run_id: R, test: 'b', test_index: 1, repeat: 0 },
      {
        type: 'test.finished',
        run_id: R,
        test: 'a',
        test_index: 0,
        repeat: 0,
        status: 'pass',
        result_id: 'r',
        duration_ms: 1,
      },
      { type: 'run.finished', run_id: R, status: 'cancelled', summary },
    ]);
    expect(liveCounts(s)).toMatchObject({ running: 0, done: 1, queued: 1 });
    expect(s.finished?.status).toBe('cancelled');
  });

  it('catches up from stored rows and the manager snapshot without losing newer events', () => {
    let s = apply([
      {
        type: 'test.finished',
        run_id: R,
        test: 'b',
        test_index: 1,
        repeat: 0,
        status: 'pass',
        result_id: 'res_b',
        duration_ms: 5,
      },
    ]);
    s = seedLive(
      s,
      [
        { id: 'res_a', test: 'a', test_index: 0, repeat: 0, status: 'error', duration_ms: 3 },
        { id: 'res_b', test: 'b', test_index: 1, repeat: 0, status: 'fail', duration_ms: 5 },
      ],
      {
        active: true,
        total: 4,
        running: [
          {
            test: 'c',
            test_index: 2,
            repeat: 0,
            transcript: [{ role: 'agent', content: 'Hi' }],
            partial: { role: 'caller', text: 'He' },
          },
        ],
      },
    );
    expect(allTests(s).map((t) => t.status)).toEqual(['error', 'pass', 'running']);
    expect(runningTests(s)[0].partial).toEqual({ role: 'caller', text: 'He' });
    expect(liveCounts(s)).toMatchObject({ total: 4, queued: 1, running: 1, done: 2, pass: 1, error: 1 });
  });

  it('counts a resumed run against its whole plan', () => {
    let s = seedLive(initialLive(R), [
      { id: 'r0', test: 'a', test_index: 0, repeat: 0, status: 'pass', duration_ms: 1 },
    ]);
    s = apply([{ type: 'run.started', run_id: R, total: 2 }], s);
    expect(liveCounts(s)).toMatchObject({ total: 3, done: 1, queued: 2 });
  });
});
