import { useEffect, useState } from 'react';
import { Section } from '../../ui/widgets.js';
import { testPatternInWorker, type PatternOutcome } from './pattern-test.js';
import { joinScope, patternError, splitScope, type Scope } from './suite-form.js';

const SCOPES: { value: Scope; label: string }[] = [
  { value: 'any', label: 'anyone says' },
  { value: 'agent', label: 'the agent says' },
  { value: 'caller', label: 'the caller says' },
];

function ScopedList({
  kind,
  items,
  onChange,
  errorAt,
  base,
}: {
  kind: 'includes' | 'excludes';
  items: string[];
  onChange: (v: string[]) => void;
  errorAt: (p: string) => string | undefined;
  base: string;
}) {
  const title = kind === 'includes' ? 'Must be said' : 'Must never be said';
  return (
    <div className="rule-list" aria-label={title}>
      <h3 className="sub">{title}</h3>
      <p className="muted small">
        {kind === 'includes'
          ? 'Words or phrases that must appear somewhere in the conversation (not case-sensitive).'
          : 'Words or phrases that fail the test if they appear (not case-sensitive).'}
      </p>
      <div className="rows">
        {items.map((entry, i) => {
          const { scope, text } = splitScope(entry);
          const err = errorAt(`${base}[${i}]`);
          return (
            <div key={i}>
              <div className="row">
                <select
                  aria-label={`${title} ${i + 1} scope`}
                  value={scope}
                  onChange={(e) =>
                    onChange(items.map((x, j) => (j === i ? joinScope(e.target.value as Scope, text) : x)))
                  }
                >
                  {SCOPES.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
                <input
                  className={`grow ${err ? 'invalid' : ''}`}
                  aria-label={`${title} ${i + 1}`}
                  value={text}
                  placeholder={kind === 'includes' ? 'e.g. date of birth' : 'e.g. I am an AI'}
                  onChange={(e) => onChange(items.map((x, j) => (j === i ? joinScope(scope, e.target.value) : x)))}
                />
                <button
                  type="button"
                  className="ghost icon-btn"
                  aria-label={`Remove ${title.toLowerCase()} ${i + 1}`}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  ✕
                </button>
              </div>
              {err && <div className="field-error">{err}</div>}
            </div>
          );
        })}
      </div>
      <button type="button" onClick={() => onChange([...items, ''])}>
        + Add
      </button>
    </div>
  );
}

/** Includes / excludes with an agent:/caller: scope, and regular expressions with a live tester. */
export function RulesSection({
  includes,
  excludes,
  patterns,
  onChange,
  errorAt,
  base,
}: {
  includes: string[];
  excludes: string[];
  patterns: string[];
  onChange: (patch: { includes?: string[]; excludes?: string[]; patterns?: string[] }) => void;
  errorAt: (p: string) => string | undefined;
  base: string;
}) {
  return (
    <Section
      title="Rule checks"
      testId="rules-section"
      description="Exact checks on the transcript, no judge model needed."
    >
      <div className="grid-2">
        <ScopedList
          kind="includes"
          items={includes}
          onChange={(v) => onChange({ includes: v })}
          errorAt={errorAt}
          base={`${base}.includes`}
        />
        <ScopedList
          kind="excludes"
          items={excludes}
          onChange={(v) => onChange({ excludes: v })}
          errorAt={errorAt}
          base={`${base}.excludes`}
        />
      </div>
      <h3 className="sub">Patterns (regular expressions)</h3>
      <p className="muted small">
        Each must match at least one turn. Case-sensitive unless written as <code>/pattern/i</code> or starting with{' '}
        <code>(?i)</code>.
      </p>
      <div className="rows">
        {patterns.map((p, i) => {
          const err = patternError(p) ?? errorAt(`${base}.patterns[${i}]`);
          return (
            <div key={i}>
              <div className="row">
                <input
                  className={`grow mono ${err ? 'invalid' : ''}`}
                  aria-label={`Pattern ${i + 1}`}
                  value={p}
                  placeholder="e.g. /confirmation (number|code)/i"
                  onChange={(e) => onChange({ patterns: patterns.map((x, j) => (j === i ? e.target.value : x)) })}
                />
                <button
                  type="button"
                  className="ghost icon-btn"
                  aria-label={`Remove pattern ${i + 1}`}
                  onClick={() => onChange({ patterns: patterns.filter((_, j) => j !== i) })}
                >
                  ✕
                </button>
              </div>
              {err && <div className="field-error">{err}</div>}
            </div>
          );
        })}
      </div>
      <button type="button" onClick={() => onChange({ patterns: [...patterns, ''] })}>
        + Add a pattern
      </button>
      {patterns.some((p) => p.trim()) && <PatternTester patterns={patterns.filter((p) => p.trim())} />}
    </Section>
  );
}

/** "Test this pattern": paste sample turns, see which pattern matches where. */
function PatternTester({ patterns }: { patterns: string[] }) {
  const [sample, setSample] = useState('');
  const [results, setResults] = useState<Record<string, PatternOutcome>>({});
  const lines = sample.split('\n');
  const key = patterns.join('\u0000');
  useEffect(() => {
    let alive = true;
    const list = key.split('\u0000');
    const t = setTimeout(async () => {
      const out: Record<string, PatternOutcome> = {};
      for (const p of list)
        out[p] = patternError(p) ? { error: patternError(p)! } : await testPatternInWorker(p, sample.split('\n'));
      if (alive) setResults(out);
    }, 200);
    return () => {
      alive = false;
      clearTimeout(t);
    };
  }, [sample, key]);
  return (
    <div className="pattern-tester" aria-label="Test this pattern">
      <label>
        Test this pattern: sample transcript, one turn per line
        <textarea
          aria-label="Sample text for patterns"
          rows={3}
          value={sample}
          placeholder={'Agent: Your confirmation number is AB12.\nCaller: Thanks!'}
          onChange={(e) => setSample(e.target.value)}
        />
      </label>
      {sample.trim() && (
        <ul className="pattern-results" data-testid="pattern-results">
          {patterns.map((p) => {
            const r = results[p];
            if (!r)
              return (
                <li key={p}>
                  <code>{p}</code> <span className="muted">checking…</span>
                </li>
              );
            if ('error' in r)
              return (
                <li key={p} className="error">
                  <code>{p}</code>: {r.error}
                </li>
              );
            if ('timeout' in r)
              return (
                <li key={p} className="error">
                  <code>{p}</code>: took too long and was stopped (the pattern backtracks too much)
                </li>
              );
            if (!r.hits.length)
              return (
                <li key={p}>
                  <code>{p}</code>: <span className="status-fail">no match</span>
                </li>
              );
            const h = r.hits[0];
            const line = lines[h.line] ?? '';
            return (
              <li key={p}>
                <code>{p}</code>: <span className="status-pass">matches</span> line {h.line + 1}: “
                {line.slice(0, h.start)}
                <mark>{line.slice(h.start, h.end)}</mark>
                {line.slice(h.end)}”
                {r.hits.length > 1 && (
                  <span className="muted">
                    {' '}
                    (and {r.hits.length - 1} more line{r.hits.length > 2 ? 's' : ''})
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
