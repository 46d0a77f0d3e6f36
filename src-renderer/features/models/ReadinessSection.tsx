import { useState } from 'react';
import type { ModelSpecInput, ReadinessReport, ReadinessRole } from '../../../src-shared/schemas/index.js';
import { READINESS_ROLES } from '../../../src-shared/schemas/index.js';
import { tagWords, verdictWords } from '../../../src-shared/readiness/fitness.js';
import { formatInterval, wilson } from '../../../src-shared/stats/index.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { JobProgress } from '../../ui/jobs/JobProgress.js';
import { useJob } from '../../ui/jobs/use-job.js';
import { ErrorBox, fmtDate } from '../../ui/common.js';
import { Section } from '../../ui/widgets.js';
import { ModelPicker } from './ModelPicker.js';
import './models.css';

const ROLE_LABEL: Record<ReadinessRole, string> = {
  agent: 'Agent (routing, extraction)',
  caller: 'Caller',
  judge: 'Judge',
};

/**
 * The model readiness check on the Models page: pick a model and roles, Check runs the built-in
 * known-answer tasks (progress, Cancel), and the newest check of every model is listed with its
 * verdict per role and the tasks it missed.
 */
export function ReadinessSection() {
  const [model, setModel] = useState<ModelSpecInput | undefined>();
  const [roles, setRoles] = useState<ReadinessRole[]>([...READINESS_ROLES]);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useApiMutation('models.check');
  const checks = useApi('models.checks', {});
  const check = useJob(jobId, { invalidates: ['models.checks'] });
  const p = check.job;
  const running = start.isPending || check.running;

  const onCheck = async () => {
    if (!model) return;
    const out = await start.mutateAsync({ model: model as never, roles }).catch(() => undefined);
    if (out) setJobId(out.job_id);
  };
  const toggle = (r: ReadinessRole) =>
    setRoles((rs) => (rs.includes(r) ? rs.filter((x) => x !== r) : [...rs, r].sort()));

  return (
    <Section
      title="Readiness check"
      testId="readiness"
      description="Before trusting a run, check whether a model is fit for each role: built-in tasks with known answers (30 routing decisions, 20 extractions, 20 transcripts to judge, 10 caller turns), run through the same calls a run makes."
    >
      <ModelPicker label="Model to check" value={model} onChange={setModel} testId="readiness-model" />
      <fieldset className="readiness-roles">
        <legend>Roles</legend>
        {READINESS_ROLES.map((r) => (
          <label key={r} className="inline">
            <input type="checkbox" checked={roles.includes(r)} onChange={() => toggle(r)} disabled={running} />{' '}
            {ROLE_LABEL[r]}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!model || !roles.length || running}
          onClick={() => void onCheck()}
        >
          {running ? 'Checking…' : 'Check'}
        </button>
      </div>
      {jobId && check.running && (
        <div aria-label="Readiness progress">
          <JobProgress job={p} onCancel={check.cancel} label="Readiness check" />
        </div>
      )}
      {p?.status === 'failed' && (
        <ErrorBox error={new Error(`The check stopped: ${p.error?.message ?? 'unknown error'}`)} />
      )}
      {p?.status === 'cancelled' && (
        <p className="muted small" role="status">
          Cancelled: the {p.progress.done} tasks that finished are stored, marked cancelled.
        </p>
      )}
      <ErrorBox error={start.error ?? checks.error} />
      <h3 className="sub">Checked models</h3>
      {checks.data && !checks.data.checks.length && <p className="muted">No model checked yet.</p>}
      {checks.data?.checks.map((c) => (
        <CheckCard key={c.id} report={c} />
      ))}
    </Section>
  );
}

function CheckCard({ report: r }: { report: ReadinessReport }) {
  const [open, setOpen] = useState(false);
  const missed = r.items.filter((i) => !i.correct);
  const s = r.speed;
  return (
    <div className="card inner readiness-card" data-testid="readiness-report" aria-label={`Readiness of ${r.model}`}>
      <div className="row">
        <strong className="mono grow">{r.model}</strong>
        <span className="muted small">{fmtDate(r.created_at)}</span>
      </div>
      {r.cancelled && <p className="muted small">Cancelled: only the tasks that finished are counted.</p>}
      {r.spec.provider === 'scripted' && (
        <p className="muted small">
          A scripted model answers from a file: these figures test Parley's check, they say nothing about a model.
        </p>
      )}
      <ul className="readiness-verdicts">
        {r.verdicts.map((v) => (
          <li
            key={v.family}
            className={v.fit === 'fit' ? 'status-pass' : v.fit === 'weak' ? 'status-warn' : 'status-fail'}
          >
            {verdictWords(r, v)}
          </li>
        ))}
      </ul>
      <p className="muted small">
        {s.tokens_per_s !== null ? `${s.tokens_per_s} tokens/s` : 'tokens/s not measured'} ·{' '}
        {s.first_token_ms !== null ? `first token ${s.first_token_ms} ms` : 'first token not measured'} ·{' '}
        {r.families.map((f) => `${f.family} output valid ${f.valid}/${f.total}`).join(' · ')}
      </p>
      <button type="button" className="small-btn" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide details' : `Details (${missed.length} missed)`}
      </button>
      {open && (
        <>
          <table className="model-table">
            <thead>
              <tr>
                <th>Family</th>
                <th>Right</th>
                <th>95% interval</th>
                <th>Valid output</th>
                <th>By tag</th>
              </tr>
            </thead>
            <tbody>
              {r.families.map((f) => (
                <tr key={f.family}>
                  <td>{f.family}</td>
                  <td>
                    {f.correct}/{f.total}
                  </td>
                  <td>{formatInterval(wilson(f.correct, f.total))}</td>
                  <td>
                    {f.valid}/{f.total}
                  </td>
                  <td className="small">
                    {f.by_tag.map((t) => `${tagWords(f.family, t.tag)} ${t.correct}/${t.total}`).join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {missed.length > 0 && (
            <ul className="small readiness-missed">
              {missed.map((m) => (
                <li key={`${m.family}:${m.id}`}>
                  <span className="mono">
                    {m.family}/{m.id}
                  </span>
                  : {m.error ? `error: ${m.error}` : `expected ${m.expected}, got ${m.got}`}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
