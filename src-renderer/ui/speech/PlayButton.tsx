import { useState } from 'react';
import { api, ApiClientError } from '../../api/client.js';
import { playWavBase64 } from './play-wav.js';
import { readVoiceSettings } from './voice-settings.js';

/**
 * ▶ on a transcript turn: the text spoken by the text-to-speech engine chosen in Try it's "Speech engines" (default
 * flite), synthesised on demand (the server keeps recent audio by content hash, so a second play is instant).
 */
export function PlayButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'playing'>('idle');
  const [error, setError] = useState<string | null>(null);
  if (!text.trim()) return null;
  const play = async () => {
    setError(null);
    setState('loading');
    const { tts } = readVoiceSettings();
    try {
      const out = await api.call('speech.synthesize', { tts, text: text.slice(0, 4000) });
      setState('playing');
      await playWavBase64(out.audio_base64);
    } catch (e) {
      setError(`Could not play with ${tts}: ${e instanceof ApiClientError ? e.error.message : (e as Error).message}`);
    } finally {
      setState('idle');
    }
  };
  return (
    <>
      <button
        type="button"
        className="ghost small play-turn"
        data-testid="play-turn"
        aria-label={label}
        title={error ?? `${label} (text-to-speech engine: ${readVoiceSettings().tts})`}
        disabled={state !== 'idle'}
        onClick={() => void play()}
      >
        {state === 'loading' ? '…' : state === 'playing' ? '♪' : '▶'}
      </button>
      {error && (
        <span className="small error-text" role="alert" data-testid="play-error">
          {error}
        </span>
      )}
    </>
  );
}
