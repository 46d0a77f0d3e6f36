import { describe, expect, it } from 'vitest';
import { Result, Run } from '../../../../src-shared/schemas/index.js';
import { REPORT_LEFT_OUT, REPORT_RENAMED, toRunReport } from '../../../../src-shared/run/report.js';
import { runExportJson } from '../../../../src-main/reports/run-export.js';
import { fieldPaths, sample, valueAt } from './zod-sample.js';

/**
 * Issue 24: the report carries every stored fact of a run and of each result. Every field of the
 * stored Run and Result schemas (src-shared/schemas/run.ts), walked to its leaves, must be in
 * `parley run --json` / `runs show --json` (toRunReport), under its own name or its REPORT_RENAMED
 * one, or be listed in REPORT_LEFT_OUT with the reason. A field added to the schemas fails here until
 * the report shows it (or says why not).
 */

const run = Run.parse(sample(Run));
const result = Result.parse(sample(Result));

/** The stored path as the report names it: the longest renamed prefix replaced. */
function reportPath(stored: string): string {
  const prefix = Object.keys(REPORT_RENAMED)
    .filter((p) => stored === p || stored.startsWith(`${p}.`) || stored.startsWith(`${p}[]`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? REPORT_RENAMED[prefix] + stored.slice(prefix.length) : stored;
}

const leftOut = (stored: string) =>
  Object.keys(REPORT_LEFT_OUT).some((p) => stored === p || stored.startsWith(`${p}.`) || stored.startsWith(`${p}[]`));

function missingFrom(report: { run: unknown; result: unknown }): string[] {
  const stored = [...fieldPaths(Run).map((p) => `run.${p}`), ...fieldPaths(Result).map((p) => `result.${p}`)];
  return stored.filter((p) => {
    if (leftOut(p)) return false;
    const [root, ...rest] = reportPath(p).split('.');
    return valueAt(root === 'run' ? report.run : report.result, rest.join('.')) === undefined;
  });
}

describe('the run report carries every stored field', () => {
  it('the sample sets every optional field (so a missing field cannot hide behind an unset one)', () => {
    expect(valueAt(result, 'transcript[].heard')).toBe('text');
    expect(valueAt(result, 'metrics[].judgements[].score')).toBe(1);
    expect(valueAt(run, 'options.speech.engines.stt.engine')).toBe('openai');
    expect(fieldPaths(Result)).toContain('audio_rules[].target');
  });

  it('parley run --json / runs show --json: every field reported or left out with a reason', () => {
    const report = toRunReport(run, [result]);
    expect(missingFrom({ run: report, result: report.results[0] })).toEqual([]);
    for (const [path, reason] of Object.entries(REPORT_LEFT_OUT)) expect(reason.length, path).toBeGreaterThan(30);
  });

  it('a report that drops a stored field is caught, naming the field', () => {
    const report = toRunReport(run, [result]);
    delete report.results[0].transcript[0].heard;
    delete report.results[0].audio_rules;
    expect(missingFrom({ run: report, result: report.results[0] })).toEqual([
      'result.transcript[].heard',
      'result.audio_rules[].kind',
      'result.audio_rules[].target',
      'result.audio_rules[].passed',
      'result.audio_rules[].message',
      'result.audio_rules[].details',
    ]);
  });

  it('the left-out and renamed lists name fields that exist', () => {
    const stored = [...fieldPaths(Run).map((p) => `run.${p}`), ...fieldPaths(Result).map((p) => `result.${p}`)];
    for (const p of [...Object.keys(REPORT_LEFT_OUT), ...Object.keys(REPORT_RENAMED)])
      expect(
        stored.some((s) => s === p || s.startsWith(`${p}.`) || s.startsWith(`${p}[]`)),
        p,
      ).toBe(true);
  });

  it('runs export (lossless JSON) keeps every field as stored', () => {
    const exported = JSON.parse(runExportJson(run, null, [result])) as { run: unknown; results: unknown[] };
    const stored = [...fieldPaths(Run).map((p) => `run.${p}`), ...fieldPaths(Result).map((p) => `result.${p}`)];
    const missing = stored.filter((p) => {
      const [root, ...rest] = p.split('.');
      return valueAt(root === 'run' ? exported.run : exported.results[0], rest.join('.')) === undefined;
    });
    expect(missing).toEqual([]);
  });
});
