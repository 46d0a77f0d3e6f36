import { Link } from 'wouter';
import { ErrorBox, Loading, PageHeader } from '../../ui/common.js';
import { useApi } from '../../api/hooks.js';
import { ConfirmDialog, FieldErrors } from '../../ui/widgets.js';
import { JsonTextsContext } from './JsonField.js';
import { newSuite, testIndexOf, type SuiteDraft } from './suite-form.js';
import { TestCaseEditor } from './TestCaseEditor.js';
import { TestList } from './TestList.js';
import { RestoredDraftNotice } from '../../ui/RestoredDraftNotice.js';
import { SuiteRunButtons } from '../runs/actions/SuiteRunButtons.js';
import { SuiteCoverageCard } from './SuiteCoverageCard.js';
import { SuiteSettingsSection } from './SuiteSettingsSection.js';
import { useSuiteEditor, type SuiteEditorState } from './use-suite-editor.js';
import { plural } from '../../../src-shared/text/plural.js';

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

/**
 * A suite: its settings, its coverage of the agent it runs on, and its tests (list and editor). State lives
 * in use-suite-editor.ts; the rules (validation, moves) in suite-form.ts.
 */
function SuiteEditor({ id, baseline }: { id?: string; baseline: SuiteDraft }) {
  const s = useSuiteEditor(id, baseline);
  const { dirty } = s;
  return (
    <JsonTextsContext.Provider value={s.texts}>
      <PageHeader
        title={String(s.draft.name ?? '').trim() || (id ? 'Suite' : 'New suite')}
        actions={<SuiteActions s={s} id={id} />}
      >
        {dirty ? (
          <span className="unsaved" role="status">
            Unsaved changes (kept on this computer until you save)
          </span>
        ) : s.flash ? (
          <span className="saved" role="status">
            {s.flash}
          </span>
        ) : (
          <>
            Test cases run against an agent: who calls, what is judged, what the tools answer. The agent and the models
            are chosen when a run starts, so one suite can test several agents and models.
          </>
        )}
      </PageHeader>
      {s.restored && <RestoredDraftNotice onKeep={s.dismissRestored} onDiscard={s.discard} />}
      <FieldErrors
        errors={s.listed}
        onPick={(p) => {
          const i = testIndexOf(p);
          if (i !== undefined) s.setSelected(i);
        }}
      />
      <ErrorBox error={s.saveError} />
      <SuiteSettingsSection s={s} />
      {id && (
        <SuiteCoverageCard
          suiteId={id}
          suiteName={s.draft.name || 'this suite'}
          disabledReason={dirty ? 'Save the suite first' : undefined}
          onClosed={s.reloadSaved}
        />
      )}
      <div className="suite-layout">
        <TestList
          tests={s.tests}
          selected={s.current}
          errors={s.errors}
          onSelect={s.setSelected}
          onAdd={s.addTest}
          onDuplicate={s.duplicateTest}
          onMove={s.moveTest}
          onDelete={(i) => s.setConfirm({ kind: 'delete-test', index: i })}
        />
        <div>
          {s.tests.length === 0 ? (
            <div className="empty">
              This suite has no tests yet. Click “Add a test”, or import a voicetest test file from the Suites page.
            </div>
          ) : (
            <TestCaseEditor
              key={s.current}
              test={s.tests[s.current]}
              index={s.current}
              graph={s.suggestions.graph}
              errorAt={s.errorAt}
              defaults={{ metric_threshold: s.draft.metric_threshold ?? 0.7, max_turns: s.draft.default_max_turns }}
              onChange={s.setTest}
            />
          )}
        </div>
      </div>
      <SuiteConfirm s={s} />
    </JsonTextsContext.Provider>
  );
}

function SuiteActions({ s, id }: { s: SuiteEditorState; id?: string }) {
  const stale = s.dirty ? 'Exports the last saved version' : undefined;
  return (
    <>
      <Link href="/suites" className="button">
        Back to suites
      </Link>
      {id && (
        <button type="button" onClick={() => void s.onExport('parley')} title={stale}>
          Export Parley JSON
        </button>
      )}
      {id && (
        <button type="button" onClick={() => void s.onExport('voicetest')} title={stale}>
          Export voicetest
        </button>
      )}
      {id && <SuiteRunButtons suiteId={id} disabledReason={s.dirty ? 'Save the suite first' : undefined} />}
      {id && (
        <button type="button" className="danger" onClick={() => s.setConfirm({ kind: 'delete-suite' })}>
          Delete
        </button>
      )}
      <button type="button" className="primary" onClick={() => void s.onSave()} disabled={s.saving}>
        {s.saving ? 'Saving…' : 'Save suite'}
      </button>
    </>
  );
}

function SuiteConfirm({ s }: { s: SuiteEditorState }) {
  const c = s.confirm;
  if (c?.kind === 'delete-test')
    return (
      <ConfirmDialog
        danger
        title="Delete this test?"
        confirmLabel="Delete test"
        message={<>“{s.tests[c.index]?.name}” will be removed from the suite when you save.</>}
        onCancel={() => s.setConfirm(null)}
        onConfirm={() => {
          s.setConfirm(null);
          s.removeTest(c.index);
        }}
      />
    );
  if (c?.kind === 'delete-suite')
    return (
      <ConfirmDialog
        danger
        title="Delete this suite?"
        confirmLabel="Delete suite"
        message={
          <>
            “{s.draft.name}” and its {plural(s.tests.length, 'test')} will be deleted. Runs already made keep their
            results.
          </>
        }
        onCancel={() => s.setConfirm(null)}
        onConfirm={() => {
          s.setConfirm(null);
          s.deleteSuite();
        }}
      />
    );
  return null;
}
