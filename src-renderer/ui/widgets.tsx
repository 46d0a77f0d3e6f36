import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog.js';
import './widgets.css';

/**
 * Small form widgets shared by the persona, suite, models and runs screens (segmented control,
 * switch, section card, confirm dialog, field errors, file and error helpers).
 */

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** A 3-step (or n-step) choice. Clicking the chosen option again clears it ("not set"). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
}: {
  label: string;
  value: T | undefined;
  options: SegmentOption<T>[];
  onChange: (v: T | undefined) => void;
  hint?: string;
}) {
  const id = useId();
  const chosen = options.find((o) => o.value === value);
  return (
    <div className="field segmented-field">
      <div className="field-label" id={id}>
        {label}
      </div>
      <div className="segmented" role="radiogroup" aria-labelledby={id}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            className={value === o.value ? 'seg on' : 'seg'}
            title={o.hint}
            onClick={() => onChange(value === o.value ? undefined : o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
      <div className="muted small seg-hint">
        {chosen?.hint ?? hint ?? 'Not set: the caller gets no instruction about this.'}
      </div>
    </div>
  );
}

/** An on/off switch with a concrete description of what turning it on does. */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  testId,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId?: string;
}) {
  return (
    <label className={checked ? 'toggle on' : 'toggle'} data-testid={testId}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label}
      />
      <span className="toggle-track" aria-hidden="true">
        <span className="toggle-knob" />
      </span>
      <span className="toggle-text">
        <span className="toggle-label">{label}</span>
        {description && <span className="muted small">{description}</span>}
      </span>
    </label>
  );
}

export function Section({
  title,
  description,
  children,
  actions,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="card form-section" data-testid={testId}>
      <div className="section-head">
        <div>
          <h2>{title}</h2>
          {description && <p className="muted small">{description}</p>}
        </div>
        {actions && <div className="actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  danger,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel} data-autofocus={danger ? true : undefined}>
            Cancel
          </button>
          <button
            type="button"
            className={danger ? 'primary danger-fill' : 'primary'}
            onClick={onConfirm}
            // A destructive action starts on Cancel, so Enter does not delete by accident.
            data-autofocus={danger ? undefined : true}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div>{message}</div>
    </Dialog>
  );
}

export interface ShownError {
  path: string;
  message: string;
}

/** A list of validation errors, each naming its field path. */
export function FieldErrors({
  errors,
  title,
  onPick,
}: {
  errors: ShownError[];
  title?: string;
  onPick?: (path: string) => void;
}) {
  if (!errors.length) return null;
  return (
    <div className="error-box field-errors" role="alert">
      <strong>{title ?? 'Cannot save yet:'}</strong>
      <ul>
        {errors.map((e, i) => (
          <li key={i}>
            {e.path &&
              (onPick ? (
                <button type="button" className="linkish" onClick={() => onPick(e.path)}>
                  <code>{e.path}</code>
                </button>
              ) : (
                <code>{e.path}</code>
              ))}
            {e.path ? ': ' : ''}
            {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export { downloadText } from './download.js';

export async function readFiles(list: FileList | null): Promise<{ name: string; text: string }[]> {
  return Promise.all(Array.from(list ?? []).map(async (f) => ({ name: f.name, text: await f.text() })));
}

/** Error text of an API call (ApiClientError carries code/path). */
export function errorText(e: unknown): string {
  const err = e as { message?: string; error?: { code?: string; path?: string } };
  if (err?.error?.code === 'not_built') return `${err.message ?? 'Not built yet.'}`;
  return err?.message ?? String(e);
}

export const isNotBuilt = (e: unknown): boolean => (e as { error?: { code?: string } })?.error?.code === 'not_built';
