import { useState } from 'react';
import { useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { Section } from '../../ui/widgets.js';
import { WordDiffParts } from '../../ui/speech/WordDiffParts.js';

const SENTENCE = 'Your reference number is 415 555 1234, and your order is A17.';

/**
 * Speech engines (issue 11): try a text-to-speech and speech-to-text pair. "Test" speaks a sentence and
 * transcribes it back, showing both texts, the word diff and the timings. The specs are used as typed
 * (runs take them from the New run dialog or `parley run --tts --stt`); they are not saved here.
 */
export function SpeechSection() {
  const test = useApiMutation('speech.test');
  const [tts, setTts] = useState('flite');
  const [stt, setStt] = useState('pocketsphinx');
  const [text, setText] = useState(SENTENCE);
  const out = test.data;
  return (
    <Section
      title="Speech"
      testId="speech-engines"
      description={
        <>
          Text-to-speech and speech-to-text for audio evaluation and for callers heard through speech recognition. The
          offline default is flite (voice rms) and pocketsphinx: on Parley&apos;s test sentences it loses about 4% of
          the words, where espeak-ng and pocketsphinx lose about 90%. Presets: flite, espeak-ng, say (macOS),
          piper:VOICE.onnx; pocketsphinx, whisper-cli:MODEL.bin. Servers: openai:MODEL@URL (OpenAI, speaches,
          Kokoro-FastAPI, LocalAI, whisper.cpp server; key from OPENAI_API_KEY). Any program (in the desktop app only:
          web mode refuses it, as it would run as you): command:PROGRAM ARGS with {'{text_file}'} {'{voice}'} {'{out}'}{' '}
          {'{in}'}; without {'{text_file}'} the text goes to stdin. In-process (speech-to-text only): whisper:MODEL.bin,
          a whisper.cpp model file run inside Parley; it loads models, but transcription was only tried on a
          random-weight test model, where it did not finish (see docs/voice.md). Try it's microphone and spoken replies
          take the same specs (set under "Speech engines" there).
        </>
      }
    >
      <div className="speech-test">
        <label>
          Text-to-speech
          <input aria-label="Text-to-speech engine" value={tts} onChange={(e) => setTts(e.target.value)} />
        </label>
        <label>
          Speech-to-text
          <input aria-label="Speech-to-text engine" value={stt} onChange={(e) => setStt(e.target.value)} />
        </label>
        <label>
          Sentence
          <input aria-label="Sentence to speak" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <button
          data-testid="speech-test"
          disabled={test.isPending || !tts.trim() || !stt.trim() || !text.trim()}
          onClick={() => test.mutate({ tts: tts.trim(), stt: stt.trim(), text })}
        >
          {test.isPending ? 'Speaking and listening…' : 'Test'}
        </button>
      </div>
      <ErrorBox error={test.error} />
      {out && !test.isPending && (
        <dl className="speech-result" data-testid="speech-result">
          <dt>Said</dt>
          <dd>{out.said}</dd>
          <dt>Heard</dt>
          <dd data-testid="speech-heard">{out.heard || '(nothing)'}</dd>
          <dt>Diff</dt>
          <dd className="word-diff">
            <WordDiffParts parts={out.diff} />{' '}
            <span className="muted small">
              (normalised words; word error rate{' '}
              {out.word_error_rate === null ? 'n/a' : `${(out.word_error_rate * 100).toFixed(1)}%`})
            </span>
          </dd>
          <dt>Verdict</dt>
          <dd data-testid="speech-verdict" className={out.usable ? '' : 'status-fail'}>
            {out.verdict}
          </dd>
          <dt>Timings</dt>
          <dd data-testid="speech-timings">
            text-to-speech {out.timings.tts_ms} ms
            {out.timings.tts_first_audio_ms !== undefined ? ` (first audio ${out.timings.tts_first_audio_ms} ms)` : ''},
            speech-to-text {out.timings.stt_ms} ms, audio {(out.timings.audio_ms / 1000).toFixed(1)} s
          </dd>
          <dt>Engines</dt>
          <dd className="small">
            {out.tts.preset ?? out.tts.engine} {out.tts.model ?? ''} {out.tts.endpoint ?? ''} →{' '}
            {out.stt.preset ?? out.stt.engine} {out.stt.model ?? ''} {out.stt.endpoint ?? ''}
          </dd>
        </dl>
      )}
    </Section>
  );
}
