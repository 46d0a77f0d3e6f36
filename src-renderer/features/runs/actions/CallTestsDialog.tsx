import { useState } from 'react';
import { nodesToVisit } from '../../../../src-shared/checks/check-kinds.js';
import type { Run } from '../../../../src-shared/schemas/run.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { useApi } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { ErrorBox } from '../../../ui/common.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { ModelPicker } from '../../models/index.js';
import { ProposedTestCard } from '../../../ui/ProposedTestCard.js';
import { useCallTests, type CallTests, type ClusterDraft } from './use-call-tests.js';

const personaOf = (d: ClusterDraft) => (typeof d.test.persona === 'object' ? d.test.persona : undefined);

/**
 * "Tests from calls" (issue 36): the imported run's calls grouped by what the caller wanted (no model needed),
 * the path each group took through the graph, and one proposed test per group; you review them, then save the
 * ones you keep into a suite. A model, when chosen, names the groups and writes their tests. Every test is
 * passed through the call redactor, so no caller's personal data reaches a suite.
 */
export function CallTestsDialog({ run, onClose }: { run: Run; onClose(): void }) {
  const c = useCallTests(run.id);
  const [groups, setGroups] = useState('');
  const [model, setModel] = useState<ModelSpecInput | undefined>();
  const suites = useApi('suites.list');
  const [suiteId, setSuiteId] = useState('');
  const suite = suites.data?.find((s) => s.id === suiteId);
  const { step } = c;
  const kept = step.kind === 'review' ? step.drafts.filter((d) => d.keep).length : 0;
  const actions =
    step.kind === 'choose' ? (
      <>
        <button type="button" onClick={onClose} disabled={c.busy}>
          Close
        </button>
        <button
          type="button"
          className="primary"
          data-testid="call-tests-propose"
          disabled={c.busy}
          onClick={() => void c.propose(groups ? Number(groups) : undefined, model)}
        >
          {c.busy ? 'Grouping…' : 'Group the calls'}
        </button>
      </>
    ) : step.kind === 'review' ? (
      <>
        <button type="button" onClick={c.back} disabled={c.saving}>
          Back
        </button>
        <button
          type="button"
          className="primary"
          data-testid="call-tests-save"
          disabled={!kept || !suite || c.saving}
          onClick={() => suite && c.saveKept(suite.id, suite.name)}
        >
          {c.saving ? 'Saving…' : suite ? `Save ${plural(kept, 'test')} into “${suite.name}”` : 'Choose a suite'}
        </button>
      </>
    ) : (
      <button type="button" className="primary" onClick={onClose}>
        Done
      </button>
    );
  return (
    <Dialog
      title="Tests from calls"
      testId="call-tests"
      size="wide"
      onClose={onClose}
      dismissable={!c.busy}
      description={`${plural(run.summary.total, 'imported call')} of ${run.agent_name}.`}
      actions={actions}
    >
      {step.kind === 'choose' && (
        <>
          <p className="muted small">
            The calls are grouped by the words their callers used (no model needed), and each group gets one proposed
            test: a caller like them, with the path their calls took. Nothing is saved until you review it.
          </p>
          <label>
            Groups
            <input
              type="number"
              min={1}
              max={12}
              placeholder="chosen from the calls (2-6)"
              value={groups}
              onChange={(e) => setGroups(e.target.value)}
              data-testid="call-tests-groups"
            />
          </label>
          <ModelPicker
            label="Model that names the groups and writes the tests (optional)"
            testId="model-call-tests"
            value={model}
            onChange={setModel}
          />
          {c.proposing.running && (
            <JobProgress job={c.proposing.job} onCancel={c.proposing.cancel} label="Grouping the calls" />
          )}
        </>
      )}
      {step.kind === 'review' && (
        <>
          <p className="small" role="status" data-testid="call-tests-summary">
            {plural(step.out.clusters.length, 'group')}{' '}
            {step.out.k.chosen_by === 'silhouette'
              ? `(chosen from the calls: silhouette ${step.out.k.silhouette})`
              : step.out.k.chosen_by === 'given'
                ? '(as asked)'
                : '(too few calls to compare)'}
            ; tests {step.out.model ? `written by ${step.out.model}` : "drafted from the callers' own words"}.
            {!step.out.redacted_run && ' The run was imported without redaction; the tests are redacted anyway.'}
          </p>
          <ClusterList drafts={step.drafts} c={c} />
          <label>
            Save into suite
            <select value={suiteId} onChange={(e) => setSuiteId(e.target.value)} data-testid="call-tests-suite">
              <option value="">Choose a suite…</option>
              {suites.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {step.kind === 'saved' && (
        <p role="status" data-testid="call-tests-saved">
          Added {plural(step.added.length, 'test')} to “{step.suite}”: {step.added.join(', ')}.
        </p>
      )}
      <ErrorBox error={c.error} />
    </Dialog>
  );
}

function ClusterList({ drafts, c }: { drafts: ClusterDraft[]; c: CallTests }) {
  return (
    <ul className="generated-personas">
      {drafts.map((d, i) => (
        <ProposedTestCard
          key={d.id}
          index={i}
          name={d.test.name}
          keep={d.keep}
          goal={personaOf(d)?.goal}
          testId="call-group"
          onChange={(p) => c.edit(i, p)}
        >
          <div className="small">
            <strong>{d.label}</strong> · {plural(d.size, 'call')} · words: {d.terms.join(', ') || '-'}
          </div>
          <div className="small muted">
            {d.path.length
              ? `Path: ${d.path.map((p) => `${p.name ?? p.node} ${Math.round(p.share * 100)}%`).join(', ')}`
              : 'The calls record no nodes of the graph.'}
            {nodesToVisit(d.test.assertions).length > 0 &&
              ` · asserts it visits ${nodesToVisit(d.test.assertions).join(', ')}`}
          </div>
          {d.note && <div className="small warn">{d.note}</div>}
        </ProposedTestCard>
      ))}
    </ul>
  );
}
