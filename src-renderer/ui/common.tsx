import { errorParts } from '../api/error-text.js';
import type { ReactNode } from 'react';
import { shortDate } from './dates.js';

export function PageHeader({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {children && <div className="muted">{children}</div>}
      </div>
      {actions && <div className="actions">{actions}</div>}
    </header>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="empty" role="status">
      {children}
    </div>
  );
}

export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  const e = errorParts(error);
  return (
    <div className="error-box" role="alert">
      {e.file && <strong>{e.file}: </strong>}
      {e.where && <strong>{e.where}: </strong>}
      {e.message}
    </div>
  );
}

export function Loading() {
  return (
    <div className="muted" role="status">
      Loading…
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}

/** A timestamp in the locale's short form, relative when recent (ui/dates.ts). */
export const fmtDate = (iso?: string | null) => (iso ? shortDate(iso) : '—');
