import { useState } from 'react';
import type { SpeechTestOutput } from '../../../src-shared/contract/speech.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';
import { useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { Section } from '../../ui/widgets.js';
import { WordDiffParts } from '../../ui/speech/WordDiffParts.js';

const SENTENCE = 'Your reference number is 415 555 1234, and your order is A17.';

/**
 * Speech engines: a voice (text-to-speech) and a listener (speech-to-text) tried together. "Test" speaks a
 * sentence, listens to it again, and says in words whether the pair can be trusted to check what a caller
 * hears. The engines are used as typed (runs take theirs from the New run dialog or `parley run --tts --stt`).
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
          To check what a caller would hear, Parley can speak the agent&apos;s replies with a voice and listen to them
          again with a speech recogniser, then judge what was heard. Pick a voice and a recogniser and press{' '}
          <strong>Test</strong>: Parley speaks the sentence, listens, and tells you whether the pair is good enough.
        </>
      }
    >
      <div className="speech-test">
        <label>
          Voice (text-to-speech)
          <input aria-label="Text-to-speech engine" value={tts} onChange={(e) => setTts(e.target.value)} />
        </label>
        <label>
          Recogniser (speech-to-text)
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
      <EngineHelp />
      <ErrorBox error={test.error} />
      {out && !test.isPending && <SpeechResult out={out} />}
    </Section>
  );
}

function EngineHelp() {
  return (
    <details className="speech-help small">
      <summary>Which voices and recognisers can I use?</summary>
      <ul>
        <li>
          On this computer: <code>flite</code> (the default, with <code>pocketsphinx</code>: it loses about 4% of the
          words on Parley&apos;s test sentences, where espeak-ng loses about 90%), <code>espeak-ng</code>,{' '}
          <code>say</code> (macOS) or <code>piper:VOICE.onnx</code> to speak; <code>pocketsphinx</code> or{' '}
          <code>whisper-cli:MODEL.bin</code> to listen.
        </li>
        <li>
          A speech server (OpenAI, speaches, Kokoro-FastAPI, LocalAI, a whisper.cpp server):{' '}
          <code>openai:MODEL@URL</code>, with its key in the <code>OPENAI_API_KEY</code> environment variable.
        </li>
        <li>
          Any program (in the desktop app only: web mode refuses it, as it would run as you):{' '}
          <code>command:PROGRAM ARGS</code>, where <code>{'{text_file}'}</code>, <code>{'{voice}'}</code>,{' '}
          <code>{'{out}'}</code> and <code>{'{in}'}</code> are filled in; without <code>{'{text_file}'}</code> the text
          goes to stdin.
        </li>
        <li>
          Inside Parley (listening only): <code>whisper:MODEL.bin</code>, a whisper.cpp model file. Still experimental:
          see docs/voice.md.
        </li>
      </ul>
      <p className="muted">Try it&apos;s microphone and spoken replies use the same names.</p>
    </details>
  );
}

function SpeechResult({ out }: { out: SpeechTestOutput }) {
  const wer: number | null = out.word_error_rate;
  return (
    <dl className="speech-result" data-testid="speech-result">
      <dt>Said</dt>
      <dd>{out.said}</dd>
      <dt>Heard</dt>
      <dd data-testid="speech-heard">{out.heard || '(nothing)'}</dd>
      <dt>Differences</dt>
      <dd className="word-diff">
        <WordDiffParts parts={out.diff} />{' '}
        {wer !== null && (
          <span className="muted small">(normalised words; word error rate {(wer * 100).toFixed(1)}%)</span>
        )}
      </dd>
      <dt>Time</dt>
      <dd data-testid="speech-timings">
        speaking {formatDuration(out.timings.tts_ms)}
        {out.timings.tts_first_audio_ms !== undefined
          ? ` (first sound after ${formatDuration(out.timings.tts_first_audio_ms)})`
          : ''}
        , listening {formatDuration(out.timings.stt_ms)}, for {formatDuration(out.timings.audio_ms)} of audio
      </dd>
      <dt>Engines</dt>
      <dd className="small">
        {out.tts.preset ?? out.tts.engine} {out.tts.model ?? ''} {out.tts.endpoint ?? ''} →{' '}
        {out.stt.preset ?? out.stt.engine} {out.stt.model ?? ''} {out.stt.endpoint ?? ''}
      </dd>
      <dt>Verdict</dt>
      <dd className={out.usable ? 'speech-verdict' : 'speech-verdict warn'}>
        <strong data-testid="speech-verdict">{out.verdict}</strong>
        <div className="small" data-testid="speech-usable">
          {out.usable
            ? 'This pair is usable to check what a caller hears.'
            : 'This pair is not usable to check what a caller hears: audio failures would be the recogniser’s, not the agent’s.'}
        </div>
      </dd>
    </dl>
  );
}
