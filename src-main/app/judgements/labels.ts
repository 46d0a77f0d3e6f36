import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import {
  HumanLabel,
  LabelInput,
  LabelsFile,
  type HumanAgreementReport,
  type Result,
} from '../../../src-shared/schemas/index.js';
import type { ApiError } from '../../../src-shared/contract/index.js';
import { storedHumanAgreement } from '../../judging/stored-human-agreement.js';
import { parseJsonText } from '../../formats/shared/json-text.js';
import { zodIssuesToIssues } from '../../formats/shared/zod-issues.js';
import type { Store } from '../../store/index.js';
import { newId, nowIso } from '../../store/ids.js';
import { AppError, invalid, notFound } from '../errors.js';
import { requireRun } from '../refs/resolve.js';

/** The settings key of the last reviewer name (remembered for both doors). */
export const REVIEWER_SETTING = 'labels.reviewer';

/** A metric verdict of a run with its human label, if any (`parley labels list`). */
export interface LabelledVerdict {
  result_id: string;
  test: string;
  repeat: number;
  /** The metric's 1-based number on its result. */
  metric: number;
  criterion: string;
  judge_passed: boolean;
  score: number;
  label: HumanLabel | null;
}

export interface ImportOutcome {
  file: string;
  /** Labels new to this database. */
  added: number;
  /** Labels that replaced an older label of the same verdict. */
  updated: number;
  /** Labels already here as they are, or older than the label here (the newer one is kept). */
  kept: number;
}

type Issue = NonNullable<ApiError['issues']>[number];

/**
 * Judge against people (issue 12, item 3): reviewers' labels of metric verdicts, their agreement with
 * every judge of a run, and the labels file shared between workstations. A label belongs to a result
 * and a metric criterion (never to a judgement), so re-judging leaves it alone.
 */
export class LabelsService {
  constructor(
    private readonly store: Store,
    private readonly jobs: JobRegistry,
  ) {}

  /** Imports a labels file as a job: checked in full, then written in one transaction, or nothing. */
  startImport(text: string, file: string): Promise<Job<ImportOutcome>> {
    return this.jobs.startWhenReady(
      { kind: 'labels-import', title: `Import labels from ${file}`, unit: 'files', total: 1 },
      async (ctl) => {
        const out = this.importFile(text, file);
        ctl.tick();
        return out;
      },
    );
  }

  private requireResult(id: string, path = 'result_id'): Result {
    const result = this.store.results.get(id);
    if (!result) throw notFound(`result ${id}`, path);
    return result;
  }

  /** Sets (or replaces) the human label of one metric verdict. */
  set(input: LabelInput): HumanLabel {
    const req = LabelInput.parse(input);
    const result = this.requireResult(req.result_id);
    const metric = result.metrics.find((m) => m.criterion === req.criterion);
    if (!metric)
      throw invalid(
        `result ${result.id} (${result.test}) has no metric ${JSON.stringify(req.criterion)}; its metrics: ${result.metrics.map((m) => JSON.stringify(m.criterion)).join(', ') || 'none'}`,
        'criterion',
      );
    const now = nowIso();
    const human = req.judge ? (req.judge === 'right' ? metric.passed : !metric.passed) : req.human_passed!;
    const existing = this.store.labels.get(result.id, metric.criterion);
    const label: HumanLabel = {
      id: existing?.id ?? newId('lbl'),
      run_id: result.run_id,
      result_id: result.id,
      test: result.test,
      repeat: result.repeat,
      criterion: metric.criterion,
      human_passed: human,
      judge_passed: metric.passed,
      marked: req.judge ?? null,
      note: req.note ?? existing?.note ?? '',
      reviewer: req.reviewer.trim(),
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    return this.store.transaction(() => {
      this.store.settings.set(REVIEWER_SETTING, label.reviewer);
      return this.store.labels.upsert(label);
    });
  }

  /** Removes the human label of one metric verdict. */
  clear(resultId: string, criterion: string): { removed: boolean } {
    this.requireResult(resultId);
    return { removed: this.store.labels.remove(resultId, criterion) };
  }

  list(runId: string): { labels: HumanLabel[]; reviewer: string | null } {
    const run = requireRun(this.store, runId, 'run_id');
    return { labels: this.store.labels.listByRun(run.id), reviewer: this.reviewer() };
  }

  /** Every metric verdict of a run, with its human label where a reviewer gave one. */
  verdicts(runId: string): LabelledVerdict[] {
    const { labels } = this.list(runId);
    const byKey = new Map(labels.map((l) => [`${l.result_id}\u0000${l.criterion}`, l]));
    return this.store.results.listByRun(runId).flatMap((r) =>
      r.metrics.map((m, i) => ({
        result_id: r.id,
        test: r.test,
        repeat: r.repeat,
        metric: i + 1,
        criterion: m.criterion,
        judge_passed: m.passed,
        score: m.score,
        label: byKey.get(`${r.id}\u0000${m.criterion}`) ?? null,
      })),
    );
  }

  /** A metric of a result by its criterion text or its 1-based number on the result. */
  criterionOf(resultId: string, ref: string): string {
    const criteria = this.requireResult(resultId).metrics.map((m) => m.criterion);
    if (criteria.includes(ref)) return ref;
    const n = Number(ref);
    if (/^\d+$/.test(ref) && n >= 1 && n <= criteria.length) return criteria[n - 1];
    throw invalid(
      `no metric ${JSON.stringify(ref)} on this result; expected the criterion or its number: ${criteria.map((c, i) => `${i + 1} = ${JSON.stringify(c)}`).join(', ') || '(no metrics)'}`,
      'criterion',
    );
  }

  /** The last reviewer name used on this database (null before the first label). */
  reviewer(): string | null {
    return this.store.settings.get<string>(REVIEWER_SETTING) ?? null;
  }

  /** Every judge of the run (original and re-judges) against the human labels, with calibration hints. */
  agreement(runId: string): HumanAgreementReport {
    return storedHumanAgreement(this.store, requireRun(this.store, runId, 'run_id').id)!;
  }

  /** The labels of one run, or of every run, as a `parley labels export` file. */
  exportFile(runId?: string): LabelsFile {
    const labels = runId
      ? this.store.labels.listByRun(requireRun(this.store, runId, 'run_id').id)
      : this.store.labels.listAll();
    return { parley_labels: 1, exported_at: nowIso(), labels: labels.map(({ id: _id, ...l }) => l) };
  }

  /**
   * Imports a labels file: checks all of it first (JSON, shape, that every result and metric exists
   * here), then writes every label in one transaction, or nothing. Of two labels of one verdict the
   * newer (updated_at) is kept.
   */
  importFile(text: string, file: string): ImportOutcome {
    const fail = (issues: Issue[]): never => {
      const first = issues[0];
      const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
      throw new AppError({
        code: 'invalid_input',
        message: `${file}: ${first.path ? `${first.path}: ` : ''}${first.message}${more}; nothing was imported`,
        path: first.path,
        file,
        issues,
      });
    };
    const json = parseJsonText(text);
    if (!json.ok)
      return fail([
        {
          file,
          path: json.path,
          message: `not valid JSON at line ${json.line}, column ${json.column}: ${json.message}`,
        },
      ]);
    const parsed = LabelsFile.safeParse(json.value);
    if (!parsed.success)
      return fail(
        zodIssuesToIssues(parsed.error, { file, input: json.value }).map((i) => ({
          file,
          path: i.path,
          message: i.message,
        })),
      );
    const issues: Issue[] = [];
    const seen = new Map<string, number>();
    const cache = new Map<string, Result | undefined>(); // one read per result (a file labels each metric)
    const resultOf = (id: string) => {
      if (!cache.has(id)) cache.set(id, this.store.results.get(id));
      return cache.get(id);
    };
    parsed.data.labels.forEach((l, i) => {
      const at = `labels[${i}]`;
      const dupKey = `${l.result_id}\u0000${l.criterion}`;
      if (seen.has(dupKey))
        issues.push({
          file,
          path: at,
          message: `labels the same verdict as labels[${seen.get(dupKey)}]; expected one label per result and metric`,
        });
      seen.set(dupKey, i);
      const result = resultOf(l.result_id);
      if (!result) {
        const run = this.store.runs.get(l.run_id);
        issues.push({
          file,
          path: `${at}.result_id`,
          message: `no result ${l.result_id} (${l.test}, repeat ${l.repeat + 1}) in this database${run ? ` (run ${run.id} is here, but not this result: it was deleted)` : ` (its run ${l.run_id} is not here: deleted, or made in another database; labels attach to stored results by id, so import them where the run is, e.g. a copy made with parley backup)`}; expected a stored result`,
        });
        return;
      }
      if (result.run_id !== l.run_id)
        issues.push({
          file,
          path: `${at}.run_id`,
          message: `result ${l.result_id} belongs to run ${result.run_id}, not ${l.run_id}; expected the result's run`,
        });
      if (!result.metrics.some((m) => m.criterion === l.criterion))
        issues.push({
          file,
          path: `${at}.criterion`,
          message: `result ${l.result_id} (${result.test}) has no metric ${JSON.stringify(l.criterion)}; expected one of ${result.metrics.map((m) => JSON.stringify(m.criterion)).join(', ') || '(no metrics)'}`,
        });
    });
    if (issues.length) return fail(issues);
    const out: ImportOutcome = { file, added: 0, updated: 0, kept: 0 };
    this.store.transaction(() => {
      for (const l of parsed.data.labels) {
        const here = this.store.labels.get(l.result_id, l.criterion);
        if (!here) {
          this.store.labels.upsert(HumanLabel.parse({ ...l, id: newId('lbl') }));
          out.added++;
        } else if (l.updated_at > here.updated_at) {
          this.store.labels.upsert({ ...l, id: here.id });
          out.updated++;
        } else out.kept++;
      }
    });
    return out;
  }
}
