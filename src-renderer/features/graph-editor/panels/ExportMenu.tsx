import { useEffect, useRef, useState } from 'react';
import { EXPORT_FORMATS } from '../../../../src-shared/contract/agents.js';
import type { ListedFormat } from '../../../../src-shared/formats/listed-formats.js';
import { exportReport } from '../../../../src-shared/text/export-report.js';
import { api } from '../../../api/client.js';
import { Dialog } from '../../../ui/Dialog.js';
import { useFormats } from '../../../ui/use-formats.js';
import { downloadText } from '../../../ui/download.js';

type Dropped = { path: string; feature: string; reason: string };
/**
 * What an export left out: nodes, transitions, tools and variables first, then the other features; the
 * metadata notes (settings kept from import) folded under one line; remarks about the file (`note`) last.
 */
function ExportReport({ format, dropped }: { format: string; dropped: Dropped[] }) {
  const { lost, notes, metadata } = exportReport(dropped);
  return (
    <>
      {lost.length === 0 ? (
        <p>Everything in the agent was carried into {format}.</p>
      ) : (
        <>
          <p>
            {format} has no place for {lost.length} feature{lost.length > 1 ? 's' : ''}; the file was written without{' '}
            {lost.length > 1 ? 'them' : 'it'}:
          </p>
          <ul className="ge-dropped">
            {lost.map((d, i) => (
              <li key={i}>
                <strong>{d.feature}</strong> <code className="small">{d.path}</code>
                <div className="muted small">{d.reason}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {metadata && (
        <details className="ge-dropped-meta">
          <summary className="muted small">{metadata.summary}</summary>
          <ul className="ge-dropped">
            {metadata.entries.map((d, i) => (
              <li key={i} className="small">
                {d.feature} <code className="small">{d.path}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
      {notes.map((n, i) => (
        <p key={i} className="warn">
          {n.reason}
        </p>
      ))}
    </>
  );
}

/** Export the saved version to a format: downloads the file and lists what the format could not carry. */
export function ExportMenu({
  agentId,
  versionId,
  versionLabel,
  dirty,
}: {
  agentId: string;
  versionId?: string;
  versionLabel: string;
  dirty: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<
    { filename: string; format: string; dropped: Dropped[] } | { error: string } | null
  >(null);
  const formats = useFormats();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', close);
    return () => window.removeEventListener('mousedown', close);
  }, [open]);
  const list = formats.filter((f) => f.export && (EXPORT_FORMATS as readonly string[]).includes(f.id));
  const run = async ({ id: format, name, mime }: ListedFormat) => {
    setBusy(format);
    setOpen(false);
    try {
      const r = await api.call('agents.export', {
        id: agentId,
        ...(versionId ? { version_id: versionId } : {}),
        format: format as (typeof EXPORT_FORMATS)[number],
      });
      downloadText(r.filename, r.text, mime ?? 'application/json');
      setResult({ filename: r.filename, format: name, dropped: r.dropped });
    } catch (e) {
      setResult({ error: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="ge-menu" ref={ref}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} disabled={!!busy}>
        {busy ? 'Exporting…' : 'Export ▾'}
      </button>
      {open && (
        <div className="ge-menu__pop" role="menu" aria-label="Export formats">
          <div className="muted small ge-menu__note">
            Exports {versionLabel}
            {dirty ? ' — save first to include your unsaved changes' : ''}.
          </div>
          {list.map((f) => (
            <button key={f.id} type="button" role="menuitem" onClick={() => void run(f)}>
              {f.name}
            </button>
          ))}
        </div>
      )}
      {result && (
        <Dialog
          title={'error' in result ? 'Export failed' : `Exported ${result.filename}`}
          onClose={() => setResult(null)}
          testId="export-result"
          actions={
            <button type="button" className="primary" onClick={() => setResult(null)}>
              OK
            </button>
          }
        >
          {'error' in result ? (
            <div className="error">{result.error}</div>
          ) : (
            <ExportReport format={result.format} dropped={result.dropped} />
          )}
        </Dialog>
      )}
    </div>
  );
}
