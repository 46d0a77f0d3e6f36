import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { TestCaseInput } from '../../../src-shared/schemas/index.js';
import { ApiClientError } from '../../api/client.js';
import { api } from '../../api/client.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { ErrorBox, Loading, PageHeader } from '../../ui/common.js';
import { AgentSelect, useSuggestionAgent } from '../../ui/AgentSelect.js';
import { useDraft } from '../../ui/use-draft.js';
import { ConfirmDialog, downloadText, FieldErrors, Section, type ShownError } from '../../ui/widgets.js';
import { JsonTextsContext, type JsonText, type JsonTexts } from './JsonField.js';
import { newSuite, newTestCase, testIndexOf, validateSuite, type SuiteDraft } from './suite-form.js';
import { TestCaseEditor } from './TestCaseEditor.js';
import { TestList } from './TestList.js';
import { useFlash } from '../../ui/use-flash.js';
import { RestoredDraftNotice } from '../../ui/RestoredDraftNotice.js';
import { SuiteRunButtons } from '../runs/actions/SuiteRunButtons.js';
import { LatencyBudgetFields } from './LatencyBudgetFields.js';
import { SuiteCoverage } from '../graph-editor/index.js';

export const suiteDraftKey = (id: string) => `parley.draft.suite.${id}`;
const num = (v: string) => (v === '' ? undefined : Number(v));
/** A new suite's editor is replaced by the saved one's: this carries the "Saved" note across. */
let savedJustNow: string | null = null;

export function SuiteEditorPage({ id }: { id: string }) {
  const isNew = id === 'new';
  const doc = useApi('suites.get', { id }, { enabled: !isNew });
  if (!isNew && doc.isLoading) return <Loading />;
  if (!isNew && doc.error)
    return (
      <>
        <PageHeader title="Suite" />
        <ErrorBox error={doc.error} />
        <Link href="/suites">Back to suites</Link>
      </>
    );
  return <SuiteEditor key={id} id={isNew ? undefined : id} baseline={isNew ? newSuite() : doc.data!.data} />;
}

function SuiteEditor({ id, baseline }: { id?: string; baseline: SuiteDraft }) {
  const [, navigate] = useLocation();
  const storageKey = suiteDraftKey(id ?? 'new');
  const { draft, setDraft, dirty, restored, discard, markSaved, dismissRestored } = useDraft<SuiteDraft>(
    storageKey,
    baseline,
  );
  const [selected, setSelected] = useState(0);
  const [jsonTexts, setJsonTexts] = useState<Record<string, JsonText>>({});
  const [shownErrors, setShownErrors] = useState<ShownError[] | null>(null);
  const [serverErrors, setServerErrors] = useState<ShownError[]>([]);
  const [confirm, setConfirm] = useState<null | { kind: 'delete-test'; index: number } | { kind: 'delete-suite' }>(
    null,
  );
  const [flash, setFlash] = useFlash<string>(
    () => (id && savedJustNow === id ? 'Saved.' : null),
    2500,
    () => {
      savedJustNow = null;
    },
  );
  const save = useApiMutation('suites.save', ['suites.list', 'suites.get']);
  const del = useApiMutation('suites.delete', ['suites.list']);
  const { agentId, setAgentId, agents, graph } = useSuggestionAgent();

  const texts: JsonTexts = useMemo(
    () => ({
      get: (p) => jsonTexts[p],
      set: (p, v) =>
        setJsonTexts((cur) => {
          const next = { ...cur };
          if (v) next[p] = v;
          else delete next[p];
          return next;
        }),
    }),
    [jsonTexts],
  );

  const jsonErrors: ShownError[] = Object.entries(jsonTexts)
    .filter(([, v]) => v.error)
    .map(([path, v]) => ({ path, message: v.error! }));
  const tests = (draft.tests ?? []) as TestCaseInput[];
  const current = Math.min(selected, Math.max(0, tests.length - 1));
  const liveErrors = shownErrors ? [...validateSuite(draft, jsonErrors).errors, ...serverErrors] : [];
  const errorAt = (path: string) => liveErrors.find((e) => e.path === path)?.message;
  const threshold = draft.metric_threshold ?? 0.7;

  const setTests = (next: TestCaseInput[], structural = false) => {
    if (structural)
      setJsonTexts((cur) => Object.fromEntries(Object.entries(cur).filter(([k]) => !k.startsWith('tests['))));
    setDraft((d) => ({ ...d, tests: next }));
  };

  const onSave = async () => {
    setServerErrors([]);
    const { suite, errors } = validateSuite(draft, jsonErrors);
    setShownErrors(errors);
    if (!suite) {
      const first = errors.map((e) => testIndexOf(e.path)).find((i) => i !== undefined);
      if (first !== undefined) setSelected(first);
      return;
    }
    try {
      const doc = await save.mutateAsync({ id, suite, agent_id: agentId || undefined });
      markSaved(doc.data, suiteDraftKey('new'));
      setShownErrors(null);
      setFlash('Saved.');
      if (!id) {
        savedJustNow = doc.id;
        navigate(`/suites/${doc.id}`, { replace: true });
      }
    } catch (e) {
      if (e instanceof ApiClientError && e.error.issues?.length) {
        setServerErrors(e.error.issues.map((i) => ({ path: i.path.replace(/^suite\./, ''), message: i.message })));
      }
    }
  };

  const onExport = async (format: 'parley' | 'voicetest') => {
    if (!id) return;
    const out = await api.call('suites.export', { id, format }).catch((e: Error) => {
      setFlash(`Export failed: ${e.message}`);
      return undefined;
    });
    if (out) downloadText(out.filename, out.text);
  };

  const allErrors = shownErrors ? liveErrors : [];
  /** Errors as shown at the top: each names the test it belongs to as well as the field path. */
  const listed = allErrors.map((e) => {
    const i = testIndexOf(e.path);
    return i === undefined || !tests[i] ? e : { ...e, message: `in test “${tests[i].name || i + 1}”: ${e.message}` };
  });
  return (
    <JsonTextsContext.Provider value={texts}>
      <PageHeader
        title={String(draft.name ?? '').trim() || (id ? 'Suite' : 'New suite')}
        actions={
          <>
            <Link href="/suites" className="button">
              Back to suites
            </Link>
            {id && (
              <button
                type="button"
                onClick={() => void onExport('parley')}
                title={dirty ? 'Exports the last saved version' : undefined}
              >
                Export Parley JSON
              </button>
            )}
            {id && (
              <button
                type="button"
                onClick={() => void onExport('voicetest')}
                title={dirty ? 'Exports the last saved version' : undefined}
              >
                Export voicetest
              </button>
            )}
            {id && <SuiteRunButtons suiteId={id} disabledReason={dirty ? 'Save the suite first' : undefined} />}
            {id && (
              <button type="button" className="danger" onClick={() => setConfirm({ kind: 'delete-suite' })}>
                Delete
              </button>
            )}
            <button type="button" className="primary" onClick={() => void onSave()} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save suite'}
            </button>
          </>
        }
      >
        {dirty ? (
          <span className="unsaved" role="status">
            Unsaved changes (kept on this computer until you save)
          </span>
        ) : flash ? (
          <span className="saved" role="status">
            {flash}
          </span>
        ) : (
          <>
            Test cases run against an agent: who calls, what is judged, what the tools answer. The agent and the models
            are chosen when a run starts, so one suite can test several agents and models.
          </>
        )}
      </PageHeader>
      {restored && <RestoredDraftNotice onKeep={dismissRestored} onDiscard={discard} />}
      <FieldErrors
        errors={listed}
        onPick={(p) => {
          const i = testIndexOf(p);
          if (i !== undefined) setSelected(i);
        }}
      />
      <ErrorBox error={save.error && !serverErrors.length ? save.error : null} />

      {id && agentId && (
        <SuiteCoverage
          agentId={agentId}
          suiteId={id}
          suiteName={draft.name || 'this suite'}
          disabledReason={dirty ? 'Save the suite first' : undefined}
          onClosed={() =>
            void api.call('suites.get', { id }).then((d) => {
              if (!dirty) markSaved(d.data);
            })
          }
        />
      )}
      <Section
        title="Suite"
        testId="suite-settings"
        actions={<AgentSelect agentId={agentId} onChange={setAgentId} agents={agents} label="Agent for suggestions" />}
      >
        <div className="grid-2">
          <label>
            Suite name
            <input
              aria-label="Suite name"
              value={draft.name ?? ''}
              className={errorAt('name') ? 'invalid' : ''}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
            {errorAt('name') && <span className="field-error">{errorAt('name')}</span>}
          </label>
          <label>
            Description
            <input
              aria-label="Suite description"
              value={draft.description ?? ''}
              onChange={(e) => setDraft({ ...draft, description: e.target.value || undefined })}
            />
          </label>
        </div>
        <div className="grid-4">
          <label>
            Default metric threshold
            <input
              type="number"
              min={0}
              max={1}
              step={0.05}
              aria-label="Default metric threshold"
              placeholder="0.7"
              value={draft.metric_threshold ?? ''}
              onChange={(e) => setDraft({ ...draft, metric_threshold: num(e.target.value) })}
            />
            {errorAt('metric_threshold') && <span className="field-error">{errorAt('metric_threshold')}</span>}
          </label>
          <label>
            Minimum pass rate over repeats
            <input
              type="number"
              min={0}
              max={1}
              step={0.05}
              aria-label="Minimum pass rate"
              placeholder="1 (every repeat)"
              value={draft.min_pass_rate ?? ''}
              onChange={(e) => setDraft({ ...draft, min_pass_rate: num(e.target.value) })}
            />
            {errorAt('min_pass_rate') && <span className="field-error">{errorAt('min_pass_rate')}</span>}
          </label>
          <label>
            Default max turns
            <input
              type="number"
              min={1}
              max={500}
              aria-label="Default max turns"
              placeholder="engine default"
              value={draft.default_max_turns ?? ''}
              onChange={(e) => setDraft({ ...draft, default_max_turns: num(e.target.value) })}
            />
          </label>
          <label className="check-label">
            <span>
              <input
                type="checkbox"
                aria-label="Score every agent turn"
                checked={draft.turn_quality === true}
                onChange={(e) => setDraft({ ...draft, turn_quality: e.target.checked || undefined })}
              />{' '}
              Score every agent turn
            </span>
            <span className="muted small">
              Helpfulness, coherence, relevance, faithfulness to the node, verbosity: one judge call per agent turn, so
              a comparison shows which turn got worse.
            </span>
          </label>
          <LatencyBudgetFields
            value={draft.latency}
            onChange={(latency) => setDraft({ ...draft, latency })}
            errorAt={errorAt}
          />
        </div>
      </Section>

      <div className="suite-layout">
        <TestList
          tests={tests}
          selected={current}
          errors={allErrors}
          onSelect={setSelected}
          onAdd={() => {
            setTests([...tests, newTestCase(tests)]);
            setSelected(tests.length);
          }}
          onDuplicate={(i) => {
            const copy = { ...structuredClone(tests[i]), name: `${tests[i].name} (copy)` };
            setTests([...tests.slice(0, i + 1), copy, ...tests.slice(i + 1)], true);
            setSelected(i + 1);
          }}
          onMove={(i, d) => {
            const j = i + d;
            if (j < 0 || j >= tests.length) return;
            const next = [...tests];
            [next[i], next[j]] = [next[j], next[i]];
            setTests(next, true);
            setSelected(j);
          }}
          onDelete={(i) => setConfirm({ kind: 'delete-test', index: i })}
        />
        <div>
          {tests.length === 0 ? (
            <div className="empty">
              This suite has no tests yet. Click “Add a test”, or import a voicetest test file from the Suites page.
            </div>
          ) : (
            <TestCaseEditor
              key={current}
              test={tests[current]}
              index={current}
              graph={graph}
              errorAt={errorAt}
              defaults={{ metric_threshold: threshold, max_turns: draft.default_max_turns }}
              onChange={(t) => setTests(tests.map((x, i) => (i === current ? t : x)))}
            />
          )}
        </div>
      </div>

      {confirm?.kind === 'delete-test' && (
        <ConfirmDialog
          danger
          title="Delete this test?"
          confirmLabel="Delete test"
          message={<>“{tests[confirm.index]?.name}” will be removed from the suite when you save.</>}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const i = confirm.index;
            setConfirm(null);
            setTests(
              tests.filter((_, j) => j !== i),
              true,
            );
            setSelected(Math.max(0, i - 1));
          }}
        />
      )}
      {confirm?.kind === 'delete-suite' && (
        <ConfirmDialog
          danger
          title="Delete this suite?"
          confirmLabel="Delete suite"
          message={
            <>
              “{draft.name}” and its {tests.length} tests will be deleted. Runs already made keep their results.
            </>
          }
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            if (id)
              void del.mutateAsync({ id }).then(() => {
                localStorage.removeItem(storageKey);
                navigate('/suites');
              });
          }}
        />
      )}
    </JsonTextsContext.Provider>
  );
}
