import type { ReactNode } from 'react';

/** A run option that is on or off: the checkbox, its name in bold and what it costs or does. */
export function OptionCheckbox({
  label,
  checked,
  disabled,
  onChange,
  children,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange(on: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label}
      />
      <span>
        <strong>{label}</strong>
        {children}
      </span>
    </label>
  );
}

/** A whole-number run option typed as text (empty: the suite's or the default value). */
export function NumberOption({
  label,
  value,
  onChange,
  placeholder,
  max,
  title,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  placeholder?: string;
  max?: number;
  title?: string;
}) {
  return (
    <label title={title}>
      {label}
      <input
        type="number"
        min={1}
        max={max}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
      />
    </label>
  );
}
