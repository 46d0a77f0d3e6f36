import { speechLabel } from '../../src-shared/run/speech-label.js';
import type { RunSpeechOptions } from '../../src-shared/schemas/run.js';

/**
 * How a run used speech, beside its name (runs list, run header, compare): "audio eval · caller via STT ·
 * espeak-ng -> pocketsphinx". Nothing for a text run.
 */
export function SpeechLabel({ speech }: { speech: RunSpeechOptions | undefined | string | null }) {
  const label = typeof speech === 'string' || speech === null ? speech : speechLabel(speech);
  if (!label) return null;
  return (
    <span className="speech-label small" data-testid="speech-label" title="This run used speech">
      {label}
    </span>
  );
}
