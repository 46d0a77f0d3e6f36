/**
 * The diagnoses of a set of failing conversations: one structured call per conversation, or one for
 * a failure group's examples. Shared by `parley diagnose` (read only) and a fix's iterations.
 */
import type { Diagnosis, FailureGroup, Result, TestCase } from '../../../src-shared/schemas/index.js';
import { diagnoseFailure } from '../../diagnosis/index.js';
import type { ChatModel } from '../../providers/index.js';
import type { AgentVersion } from '../../store/index.js';

export interface ConversationsToDiagnose {
  version: AgentVersion;
  /** One failed conversation per test, or a group's examples. */
  results: Result[];
  /** Test cases by name (holdout tests left out). */
  cases: Map<string, TestCase>;
  /** Failed conversations per test. */
  failed: Map<string, number>;
  /** Diagnose `results` together as this failure group. */
  group?: FailureGroup;
  signal?: AbortSignal;
  /** After each call. */
  onDiagnosis?(d: Diagnosis): void;
}

export async function diagnoseConversations(
  model: ChatModel,
  label: string,
  c: ConversationsToDiagnose,
): Promise<Diagnosis[]> {
  const subjects = c.group ? [c.results] : c.results.map((r) => [r]);
  const out: Diagnosis[] = [];
  for (const shown of subjects) {
    if (!shown.length) continue;
    const tests = [...new Set(shown.map((r) => r.test))];
    const d = await diagnoseFailure(model, label, {
      graph: c.version.graph,
      versionId: c.version.id,
      subject: {
        kind: c.group ? 'group' : 'result',
        run_id: shown[0].run_id,
        result_ids: shown.map((r) => r.id),
        tests,
        ...(c.group ? { group: c.group.label } : {}),
      },
      results: shown,
      tests: c.cases,
      failedResults: tests.reduce((n, t) => n + (c.failed.get(t) ?? 0), 0),
      groupDescription: c.group?.description,
      signal: c.signal,
    });
    out.push(d);
    c.onDiagnosis?.(d);
  }
  return out;
}
