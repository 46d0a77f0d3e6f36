import { AgentSelect } from '../../ui/AgentSelect.js';
import { Section } from '../../ui/widgets.js';
import { LatencyBudgetFields } from './LatencyBudgetFields.js';
import type { SuiteEditorState } from './use-suite-editor.js';

const num = (v: string) => (v === '' ? undefined : Number(v));

/** The suite's own settings: name, description, defaults for its tests, turn scoring and the latency budget. */
export function SuiteSettingsSection({ s }: { s: SuiteEditorState }) {
  const { draft, setDraft, errorAt } = s;
  const { agentId, setAgentId, agents } = s.suggestions;
  return (
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
            Helpfulness, coherence, relevance, faithfulness to the node, verbosity: one judge call per agent turn, so a
            comparison shows which turn got worse.
          </span>
        </label>
        <LatencyBudgetFields
          value={draft.latency}
          onChange={(latency) => setDraft({ ...draft, latency })}
          errorAt={errorAt}
        />
      </div>
    </Section>
  );
}
