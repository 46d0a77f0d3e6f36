import { useEffect, useRef, useState } from 'react';
import type { TranscriptTurn } from '../../../../src-shared/schemas/index.js';
import { api, ApiClientError } from '../../../api/client.js';
import { micErrorText, startMicRecording, toBase64, type MicRecording } from './record-wav.js';
import { useSpokenReplies } from './use-spoken-replies.js';
import { HearingStatus, markHeard } from './HearingStatus.js';
import { readVoiceSettings, writeVoiceSettings, type VoiceSettings } from '../../../ui/speech/voice-settings.js';

type MicState = 'idle' | 'recording' | 'hearing';
const MAX_RECORDING_S = 60;

/**
 * Talk to the agent (issue 11): record with the microphone, recognise it with the chosen speech-to-text engine and
 * say the recognised words as the caller (the agent hears exactly that); optionally hear every reply spoken.
 */
export function VoiceControls({
  busy,
  turns,
  onHeard,
}: {
  busy: boolean;
  turns: TranscriptTurn[];
  onHeard(text: string): void;
}) {
  const [settings, setSettings] = useState<VoiceSettings>(readVoiceSettings);
  const [mic, setMic] = useState<MicState>('idle');
  const [heard, setHeard] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recording = useRef<MicRecording | null>(null);
  const spoken = useSpokenReplies(turns, settings.speakReplies, settings.tts);
  const update = (s: Partial<VoiceSettings>) => {
    const next = { ...settings, ...s };
    setSettings(next);
    writeVoiceSettings(next);
  };

  useEffect(() => () => recording.current?.cancel(), []);
  // a recording that runs too long is sent as it is
  useEffect(() => {
    if (mic !== 'recording') return;
    const t = setTimeout(() => void finish(), MAX_RECORDING_S * 1000);
    return () => clearTimeout(t);
  });

  const begin = async () => {
    setError(null);
    setHeard(null);
    try {
      recording.current = await startMicRecording();
      setMic('recording');
    } catch (e) {
      setError(micErrorText(e));
    }
  };
  const finish = async () => {
    const r = recording.current;
    recording.current = null;
    if (!r) return;
    setMic('hearing');
    try {
      const wav = await r.stop();
      const out = await api.call('speech.transcribe', { stt: settings.stt, audio_base64: toBase64(wav) });
      markHeard();
      if (!out.text) {
        setError(`${settings.stt} heard no words in ${(out.audio_ms / 1000).toFixed(1)} s of audio: speak again.`);
        return;
      }
      setHeard(out.text);
      onHeard(out.text);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.error.message : micErrorText(e));
    } finally {
      setMic('idle');
    }
  };

  return (
    <div className="tp-voice" data-testid="try-voice">
      <div className="tp-row">
        <button
          type="button"
          className={mic === 'recording' ? 'danger' : ''}
          data-testid="try-mic"
          aria-pressed={mic === 'recording'}
          disabled={mic === 'hearing' || (busy && mic === 'idle')}
          onClick={() => void (mic === 'recording' ? finish() : begin())}
          title={`Speak as the caller; ${settings.stt} recognises it and the agent hears what it recognised`}
        >
          {mic === 'recording' ? '■ Stop and send' : mic === 'hearing' ? 'Recognising…' : 'Talk'}
        </button>
        <label className="tp-switch">
          <input
            type="checkbox"
            role="switch"
            aria-label="Speak replies"
            checked={settings.speakReplies}
            onChange={(e) => update({ speakReplies: e.target.checked })}
          />{' '}
          Speak replies{spoken.playing !== null ? ' (speaking…)' : ''}
        </label>
        <details className="tp-voice__engines">
          <summary className="small muted">Speech engines</summary>
          <label className="small">
            Speech-to-text{' '}
            <input
              aria-label="Try it speech-to-text engine"
              value={settings.stt}
              onChange={(e) => update({ stt: e.target.value })}
            />
          </label>
          <label className="small">
            Text-to-speech{' '}
            <input
              aria-label="Try it text-to-speech engine"
              value={settings.tts}
              onChange={(e) => update({ tts: e.target.value })}
            />
          </label>
          <span className="small muted">Same specs as the Models page's Speech section (test them there).</span>
        </details>
      </div>
      {mic === 'hearing' && <HearingStatus stt={settings.stt} />}
      {mic === 'recording' && (
        <div className="small muted" role="status">
          Recording… speak, then press “Stop and send” (at most {MAX_RECORDING_S} s).
        </div>
      )}
      {heard && (
        <div className="small muted" data-testid="try-heard">
          {settings.stt} heard: “{heard}”
        </div>
      )}
      {(error || spoken.error) && (
        <div className="error-box" role="alert" data-testid="try-voice-error">
          {error ?? spoken.error}
        </div>
      )}
    </div>
  );
}
