import { NOISE_KINDS, type BehavioursDraft } from './behaviours-draft.js';

/**
 * "Caller behaviours" in the New run dialog: how every simulated caller of the run behaves on the phone (barge-in,
 * silence, noise, dropouts, speaking rate). A persona's or a test's own behaviours win, key by key.
 */
export function RunCallerBehaviours({
  value,
  onChange,
}: {
  value: BehavioursDraft;
  onChange: (d: BehavioursDraft) => void;
}) {
  const set = (p: Partial<BehavioursDraft>) => onChange({ ...value, ...p });
  const field = (label: string, key: keyof BehavioursDraft, placeholder: string) => (
    <label>
      {label}
      <input
        aria-label={label}
        inputMode="decimal"
        placeholder={placeholder}
        value={value[key]}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </label>
  );
  return (
    <fieldset className="run-behaviours" data-testid="run-behaviours">
      <legend>Caller behaviours</legend>
      <p className="muted small">
        For every caller of this run; a persona&apos;s or test&apos;s own behaviours win. Empty is off. Barge-in and
        silence work on text runs; noise, dropouts and speaking rate need the caller through speech recognition.
      </p>
      <div className="row">
        {field('Barge in after words', 'bargeInWords', 'off')}
        {field('Barge-in chance per turn (%)', 'bargeInChance', '100')}
        {field('Silence (seconds)', 'silenceSeconds', 'off')}
        {field('Silence chance per turn (%)', 'silenceChance', '100')}
      </div>
      <div className="row">
        <label>
          Background noise
          <select
            aria-label="Background noise"
            value={value.noise}
            onChange={(e) => set({ noise: e.target.value as BehavioursDraft['noise'] })}
          >
            <option value="">none</option>
            {NOISE_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        {value.noise && field('Noise SNR (dB)', 'noiseSnr', '15')}
        {field('Dropouts per minute', 'dropoutsPerMinute', 'off')}
        {field('Speaking rate', 'rate', '1')}
      </div>
    </fieldset>
  );
}
