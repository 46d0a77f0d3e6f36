import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src-shared/schemas/index.js';
import { failuresText, groupErrors, resultDetail } from '../../../../src-main/cli/text/run-failures-text.js';

const base = (test: string, repeat = 0): Result =>
  ({
    id: `res_${test}_${repeat}`,
    run_id: 'run_1',
    test,
    test_index: 0,
    repeat,
    status: 'pass',
    end_reason: 'caller_done',
    turns: 2,
    transcript: [],
    nodes_visited: [],
    tools_called: [],
    variables: {},
    metrics: [],
    rules: [],
    assertions: [],
    tokens: { prompt: 0, cached_prompt: 0, completion: 0 },
    model_calls: [],
    duration_ms: 1,
    error: null,
    started_at: '',
    finished_at: '',
  }) as unknown as Result;
const CONTEXT =
  'agent model llama-cpp:tiny.gguf (chat at node greet) failed: llama-cpp model "tiny.gguf" at /m/tiny.gguf: the conversation is 2573 tokens and the context holds 2048 per sequence\nmore detail on a second line';
const err = (test: string, error: string, repeat = 0): Result => ({
  ...base(test, repeat),
  status: 'error',
  end_reason: 'error',
  error,
});

describe('parley run: what it prints about errors and failures', () => {
  it('the table detail is the first line of the error, without the provider head the engine already names', () => {
    expect(resultDetail(err('Opening hours', CONTEXT))).toBe(
      'error: agent model llama-cpp:tiny.gguf (chat at node greet) failed: the conversation is 2573 tokens and the context holds 2048 per sequence',
    );
    // --verbose: the whole first line (the table keeps one line per result; the full text is printed below it)
    expect(resultDetail(err('x', CONTEXT), true)).toBe(`error: ${CONTEXT.split('\n')[0]}`);
    expect(resultDetail(base('ok'))).toBe('');
    expect(resultDetail({ ...base('ok'), end_reason: 'context_full' })).toBe(
      'passed; the conversation ended when the context was full',
    );
  });

  it('identical errors are printed once with the count and the tests; the rest with --verbose', () => {
    const results = [
      ...Array.from({ length: 8 }, (_, i) => err(`test ${i + 1}`, CONTEXT)),
      err('other', 'judging failed: boom'),
    ];
    expect(groupErrors(results).map((g) => g.tests.length)).toEqual([8, 1]);
    const lines = failuresText(results);
    expect(lines[0]).toMatch(
      /^8 tests \(test 1, test 2, .*\): error: agent model llama-cpp:tiny\.gguf .*the context holds 2048 per sequence$/,
    );
    expect(lines[1]).toBe('other: error: judging failed: boom');
    expect(lines.at(-1)).toBe('(first lines only; --verbose prints the whole messages)');
    expect(failuresText(results, true)[0]).toContain('more detail on a second line');
  });

  it('failed tests list every failed check', () => {
    const fail: Result = {
      ...base('pending', 1),
      status: 'fail',
      rules: [{ kind: 'includes', target: 'pending', passed: false, message: 'not said' }],
    };
    expect(failuresText([fail])).toEqual(['pending #2:', '  - rule includes "pending" failed: not said']);
  });
});
