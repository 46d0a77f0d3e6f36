import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { Empty, ErrorBox, fmtDate, Loading, PageHeader } from '../../ui/common.js';
import { hasStoredDraft } from '../../ui/use-draft.js';
import { ConfirmDialog, downloadText, isNotBuilt, readFiles } from '../../ui/widgets.js';
import { suiteDraftKey } from './use-suite-editor.js';
import { parseSuiteFile, type FileError } from './suite-import.js';
import { plural } from '../../../src-shared/text/plural.js';

interface Outcome {
  file: string;
  ok: boolean;
  kind?: 'agent' | 'suite';
  id?: string;
  name?: string;
  tests?: number;
  errors: FileError[];
  warnings: FileError[];
}

/** Sends files to the server importer; when it is not built, reads test files in the browser. */
async function importFiles(files: { name: string; text: string }[]): Promise<Outcome[]> {
  try {
    const out = await api.call('agents.import', { files });
    return out.map((o) => ({
      file: o.file,
      ok: o.ok,
      kind: o.kind,
      id: o.id,
      name: o.name,
      errors: o.errors.map((e) => ({ file: e.file ?? o.file, path: e.path, message: e.message })),
      warnings: o.warnings.map((e) => ({ file: e.file ?? o.file, path: e.path, message: e.message })),
    }));
  } catch (e) {
    if (!isNotBuilt(e)) throw e;
  }
  const outcomes: Outcome[] = [];
  for (const f of files) {
    const r = parseSuiteFile(f.name, f.text);
    if (!r.ok) {
      outcomes.push({ file: f.name, ok: false, errors: r.errors, warnings: [] });
      continue;
    }
    try {
      const doc = await api.call('suites.save', { suite: r.suite });
      outcomes.push({
        file: f.name,
        ok: true,
        kind: 'suite',
        id: doc.id,
        name: doc.name,
        tests: doc.data.tests.length,
        errors: [],
        warnings: [],
      });
    } catch (e) {
      outcomes.push({
        file: f.name,
        ok: false,
        errors: [{ file: f.name, path: '', message: (e as Error).message }],
        warnings: [],
      });
    }
  }
  return outcomes;
}

export function SuiteList() {
  const list = useApi('suites.list');
  const del = useApiMutation('suites.delete', ['suites.list']);
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [importError, setImportError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);

  const run = async (files: { name: string; text: string }[]) => {
    if (!files.length) return;
    setBusy(true);
    setImportError(null);
    setOutcomes(null);
    try {
      const out = await importFiles(files);
      setOutcomes(out);
      void qc.invalidateQueries({ queryKey: ['suites.list'] });
      void qc.invalidateQueries({ queryKey: ['agents.list'] });
    } catch (e) {
      setImportError(e);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const exportSuite = async (id: string, format: 'parley' | 'voicetest') => {
    try {
      const out = await api.call('suites.export', { id, format });
      downloadText(out.filename, out.text);
    } catch (e) {
      setImportError(e);
    }
  };

  return (
    <div
      className={dragging ? 'drop-target dragging' : 'drop-target'}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        void readFiles(e.dataTransfer.files).then(run);
      }}
    >
      <PageHeader
        title="Suites"
        actions={
          <>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              multiple
              hidden
              aria-label="Test files to import"
              onChange={(e) => void readFiles(e.target.files).then(run)}
            />
            <button type="button" onClick={() => fileInput.current?.click()} disabled={busy}>
              {busy ? 'Importing…' : 'Import test file'}
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => {
                localStorage.removeItem(suiteDraftKey('new'));
                navigate('/suites/new');
              }}
            >
              New suite
            </button>
          </>
        }
      >
        Test suites: each test says who calls, what is judged, and what the agent's tools answer. Import a voicetest
        test list or a Parley suite (or drop the file here).
      </PageHeader>
      <ErrorBox error={list.error ?? importError ?? del.error} />
      {outcomes && <ImportOutcomes outcomes={outcomes} onClose={() => setOutcomes(null)} />}
      {list.isLoading && <Loading />}
      {list.data?.length === 0 && (
        <Empty>
          No suites yet. Click “New suite”, import a voicetest test file, or open the example on the{' '}
          <Link href="/">home screen</Link>.
        </Empty>
      )}
      {!!list.data?.length && (
        <SuitesTable
          suites={list.data}
          onExport={(id, format) => void exportSuite(id, format)}
          onDelete={(id, name) => setToDelete({ id, name })}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          danger
          title="Delete this suite?"
          confirmLabel="Delete suite"
          message={<>“{toDelete.name}” and its tests will be deleted. Runs already made keep their results.</>}
          onCancel={() => setToDelete(null)}
          onConfirm={() => {
            const t = toDelete;
            setToDelete(null);
            void del.mutateAsync({ id: t.id });
          }}
        />
      )}
    </div>
  );
}

function ImportOutcomes({ outcomes, onClose }: { outcomes: Outcome[]; onClose: () => void }) {
  return (
    <div className="card import-outcomes" role="status" aria-label="Import results">
      <div className="section-head">
        <strong>Import results</strong>
        <button type="button" className="ghost small-btn" onClick={onClose}>
          Close
        </button>
      </div>
      <ul>
        {outcomes.map((o, i) => (
          <li key={i}>
            <strong>{o.file}</strong>:{' '}
            {o.ok && o.kind === 'suite' && (
              <>
                imported suite <Link href={`/suites/${o.id}`}>{o.name}</Link>
                {o.tests !== undefined ? ` (${plural(o.tests, 'test')})` : ''}
              </>
            )}
            {o.ok && o.kind === 'agent' && (
              <>
                this is an agent, imported as <Link href={`/agents/${o.id}`}>{o.name}</Link> on the Agents page
              </>
            )}
            {o.ok && !o.kind && <>imported</>}
            {!o.ok && <span className="error">not imported</span>}
            {[...o.errors.map((e) => ({ ...e, sev: 'error' })), ...o.warnings.map((e) => ({ ...e, sev: 'warning' }))]
              .length > 0 && (
              <ul>
                {o.errors.map((e, j) => (
                  <li key={`e${j}`} className="error">
                    {e.path && <code>{e.path}</code>}
                    {e.path ? ': ' : ''}
                    {e.message}
                  </li>
                ))}
                {o.warnings.map((e, j) => (
                  <li key={`w${j}`} className="warn-text">
                    {e.path && <code>{e.path}</code>}
                    {e.path ? ': ' : ''}
                    {e.message}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The stored suites: name (with "unsaved" when an edit waits on this computer), tests, and their actions. */
function SuitesTable({
  suites,
  onExport,
  onDelete,
}: {
  suites: { id: string; name: string; updated_at: string; data: { tests: unknown[]; description?: string } }[];
  onExport(id: string, format: 'parley' | 'voicetest'): void;
  onDelete(id: string, name: string): void;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th>Name</th>
          <th>Tests</th>
          <th>Description</th>
          <th>Updated</th>
          <th aria-label="Actions" />
        </tr>
      </thead>
      <tbody>
        {suites.map((s) => (
          <tr key={s.id}>
            <td>
              <Link href={`/suites/${s.id}`}>{s.name}</Link>
              {hasStoredDraft(suiteDraftKey(s.id)) && <span className="badge unsaved-badge">unsaved</span>}
            </td>
            <td>{s.data.tests.length}</td>
            <td className="muted">{s.data.description ?? ''}</td>
            <td className="nowrap">{fmtDate(s.updated_at)}</td>
            <td className="nowrap row-actions">
              <Link href={`/suites/${s.id}`} className="button small-btn">
                Edit
              </Link>
              <button type="button" className="small-btn" onClick={() => onExport(s.id, 'parley')}>
                Export
              </button>
              <button type="button" className="small-btn" onClick={() => onExport(s.id, 'voicetest')}>
                Export voicetest
              </button>
              <button
                type="button"
                className="small-btn danger"
                aria-label={`Delete ${s.name}`}
                onClick={() => onDelete(s.id, s.name)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
