import type { SpeechDraft } from './speech-draft.js';

/** "Speech" in the New run dialog: audio evaluation, the caller heard through speech recognition, engines, phone line. */
export function RunSpeechFields({ value, onChange }: { value: SpeechDraft; onChange: (d: SpeechDraft) => void }) {
  const set = (p: Partial<SpeechDraft>) => onChange({ ...value, ...p });
  const on = value.audioEval || value.callerSpeech;
  return (
    <fieldset className="run-speech" data-testid="run-speech">
      <legend>Speech</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.audioEval}
          onChange={(e) => set({ audioEval: e.target.checked })}
          aria-label="Audio evaluation"
        />
        <span>
          <strong>Audio evaluation</strong>: speak every agent message and recognise it again; metrics and rules are
          judged again on what a caller would hear.
        </span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.callerSpeech}
          onChange={(e) => set({ callerSpeech: e.target.checked })}
          aria-label="Caller through speech recognition"
        />
        <span>
          <strong>Caller through speech recognition</strong>: the agent receives what speech recognition heard of each
          caller message (key presses stay digits).
        </span>
      </label>
      {on && (
        <div className="row">
          <label>
            Text-to-speech
            <input
              aria-label="Run text-to-speech engine"
              value={value.tts}
              onChange={(e) => set({ tts: e.target.value })}
            />
          </label>
          <label>
            Speech-to-text
            <input
              aria-label="Run speech-to-text engine"
              value={value.stt}
              onChange={(e) => set({ stt: e.target.value })}
            />
          </label>
          <label>
            Phone noise (0 to 1, optional)
            <input
              aria-label="Run phone noise"
              inputMode="decimal"
              value={value.phoneNoise}
              onChange={(e) => set({ phoneNoise: e.target.value })}
            />
          </label>
        </div>
      )}
    </fieldset>
  );
}
