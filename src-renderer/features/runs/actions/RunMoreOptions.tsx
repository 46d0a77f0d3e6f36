import { MAX_JUDGE_REPEATS } from '../../../../src-shared/limits.js';
import type { TestSuite } from '../../../../src-shared/schemas/index.js';
import { NumberOption, OptionCheckbox } from './RunOptionFields.js';
import { RunSpeechFields } from './RunSpeechFields.js';
import { RunCallerBehaviours } from './RunCallerBehaviours.js';
import { NO_BEHAVIOURS } from './behaviours-draft.js';
import type { NewRunDraft } from './new-run-form.js';

/** How the run goes: repeats, concurrency, max turns, judge repeats, the optional checks, speech, the tests' own models. */
export function RunMoreOptions({
  draft,
  set,
  suite,
  ownModels,
}: {
  draft: NewRunDraft;
  set(patch: Partial<NewRunDraft>): void;
  suite: TestSuite | undefined;
  ownModels: string[];
}) {
  const suiteTurnQuality = suite?.turn_quality === true;
  return (
    <>
      <div className="grid-3 run-fields">
        <NumberOption
          label="Repeats"
          value={draft.repeats}
          placeholder="as in the suite"
          onChange={(repeats) => set({ repeats })}
        />
        <NumberOption label="Concurrency" value={draft.concurrency} onChange={(concurrency) => set({ concurrency })} />
        <NumberOption
          label="Max turns"
          value={draft.maxTurns}
          placeholder="as in each test"
          onChange={(maxTurns) => set({ maxTurns })}
        />
        <NumberOption
          label="Judge repeats"
          title="Judge every conversation this many times and keep the majority verdict; metrics whose verdicts flip are marked unstable"
          max={MAX_JUDGE_REPEATS}
          value={draft.judgeRepeats}
          placeholder="1"
          onChange={(judgeRepeats) => set({ judgeRepeats })}
        />
      </div>
      <OptionCheckbox
        label="Check the simulated caller"
        checked={draft.callerFidelity}
        onChange={(callerFidelity) => set({ callerFidelity })}
      >
        : one judge call per conversation scores whether the caller stayed in character and pursued its goal; a caller
        that broke character is marked &quot;invalid caller&quot; and not counted as an agent failure.
      </OptionCheckbox>
      <OptionCheckbox
        label="Score every agent turn"
        checked={draft.turnQuality || suiteTurnQuality}
        disabled={suiteTurnQuality}
        onChange={(turnQuality) => set({ turnQuality })}
      >
        {' '}
        (helpfulness, coherence, relevance, faithfulness, verbosity): one judge call per turn.
        {suiteTurnQuality && <span className="muted"> The suite asks for it.</span>}
      </OptionCheckbox>
      <OptionCheckbox
        label="Long judge reasoning"
        checked={draft.judgeReasoningFull === true}
        onChange={(judgeReasoningFull) => set({ judgeReasoningFull })}
      >
        : up to 300 characters per verdict instead of one short sentence (120). The judge then writes (and costs) more.
      </OptionCheckbox>
      <RunSpeechFields value={draft.speech} onChange={(speech) => set({ speech })} />
      <RunCallerBehaviours value={draft.behaviours ?? NO_BEHAVIOURS} onChange={(behaviours) => set({ behaviours })} />
      {ownModels.length > 0 && (
        <OptionCheckbox
          label="Use the tests' own agent models"
          checked={draft.testModels}
          onChange={(testModels) => set({ testModels })}
        >
          {' '}
          ({ownModels.join(', ')}): tests that name one run on it, the others on the agent model above.
          {!draft.testModels && <span className="muted"> Off: every test runs on the agent model above.</span>}
        </OptionCheckbox>
      )}
    </>
  );
}
