import { useState } from 'react';
import { MAX_REDTEAM_ATTEMPTS, type RedteamStartInput } from '../../../src-shared/contract/redteam.js';
import { MAX_TURNS } from '../../../src-shared/limits.js';
import { DEFAULT_STRATEGY, type RedteamStrategyId } from '../../../src-shared/redteam/strategies.js';
import type { ModelSpecInput } from '../../../src-shared/schemas/index.js';
import { useApi } from '../../api/hooks.js';
import { SuiteSelect } from '../../ui/SuiteSelect.js';
import { ModelPicker } from '../models/ModelPicker.js';
import { localityStatements } from './model-locality.js';

/** The choices of `parley redteam`: categories, strategies, suite, the three models, attempts, max turns, seed. */
export function RedteamForm({
  agentId,
  busy,
  onStart,
}: {
  agentId: string;
  busy: boolean;
  onStart(input: RedteamStartInput): void;
}) {
  const table = useApi('redteam.categories', {});
  const suites = useApi('suites.list', {});
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [suite, setSuite] = useState('');
  const [agentModel, setAgentModel] = useState<ModelSpecInput | undefined>();
  const [caller, setCaller] = useState<ModelSpecInput | undefined>();
  const [judge, setJudge] = useState<ModelSpecInput | undefined>();
  const [attempts, setAttempts] = useState(3);
  const [maxTurns, setMaxTurns] = useState(6);
  const [seed, setSeed] = useState(1);
  const [strategies, setStrategies] = useState<Set<RedteamStrategyId>>(new Set([DEFAULT_STRATEGY]));
  const toggleStrategy = (id: RedteamStrategyId) => {
    const next = new Set(strategies);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setStrategies(next);
  };
  const built = (table.data?.categories ?? []).filter((c) => c.built).map((c) => c.id);
  const chosen = picked ?? new Set(built);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const said = localityStatements([
    { role: 'agent model', spec: agentModel },
    { role: 'attacker model', spec: caller ?? agentModel },
    { role: 'judge model', spec: judge ?? agentModel },
  ]);
  const ready = !!agentModel?.model && chosen.size > 0 && strategies.size > 0 && !busy;
  return (
    <form
      className="rt-form"
      aria-label="Red team"
      onSubmit={(e) => {
        e.preventDefault();
        if (!agentModel) return;
        onStart({
          agent: agentId,
          ...(suite ? { tests: suite } : {}),
          models: { agent: agentModel, ...(caller ? { caller } : {}), ...(judge ? { judge } : {}) },
          categories: [...chosen],
          strategies: [...strategies],
          attempts,
          max_turns: maxTurns,
          seed,
        });
      }}
    >
      <fieldset className="rt-categories">
        <legend>Categories</legend>
        {table.data?.categories.map((c) => (
          <label key={c.id} className={`checkbox${c.built ? '' : ' rt-not-built'}`} title={c.tries}>
            <input
              type="checkbox"
              checked={c.built && chosen.has(c.id)}
              disabled={!c.built}
              onChange={() => toggle(c.id)}
            />{' '}
            <span>
              {c.label} <span className="muted small">{c.owasp}</span>
              {!c.built && <span className="muted small"> — not built yet</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="rt-categories rt-strategies">
        <legend>Strategies (taken in turn by each category's attempts)</legend>
        {table.data?.strategies.map((s) => (
          <label key={s.id} className="checkbox" title={s.description}>
            <input type="checkbox" checked={strategies.has(s.id)} onChange={() => toggleStrategy(s.id)} />{' '}
            <span>
              {s.label} <span className="muted small">{s.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SuiteSelect
        label="Suite (its tool mocks, canaries and tool policies)"
        value={suite}
        onChange={setSuite}
        suites={suites.data}
        emptyLabel="None: no mocks, canaries or policies"
      />
      <div className="rt-models">
        <ModelPicker label="Agent model" value={agentModel} onChange={setAgentModel} testId="rt-agent-model" />
        <ModelPicker
          label="Attacker model"
          value={caller}
          onChange={setCaller}
          emptyLabel="Same as the agent model"
          testId="rt-attacker-model"
        />
        <ModelPicker
          label="Judge model"
          value={judge}
          onChange={setJudge}
          emptyLabel="Same as the agent model"
          testId="rt-judge-model"
        />
      </div>
      <div className="rt-numbers">
        <label>
          Attempts per category{' '}
          <input
            type="number"
            min={1}
            max={MAX_REDTEAM_ATTEMPTS}
            value={attempts}
            onChange={(e) => setAttempts(Number(e.target.value))}
          />
        </label>
        <label>
          Max turns{' '}
          <input
            type="number"
            min={1}
            max={MAX_TURNS}
            value={maxTurns}
            onChange={(e) => setMaxTurns(Number(e.target.value))}
          />
        </label>
        <label>
          Seed <input type="number" min={0} value={seed} onChange={(e) => setSeed(Number(e.target.value))} />
        </label>
      </div>
      {said.lines.length > 0 && (
        <ul className={`rt-locality notice${said.local ? '' : ' rt-remote'}`} data-testid="rt-locality">
          {said.lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="primary" disabled={!ready}>
        Start the red team
      </button>
    </form>
  );
}
