import { useEffect, useRef, useState } from 'react';
import type { TranscriptTurn } from '../../../../src-shared/schemas/index.js';
import { api, ApiClientError } from '../../../api/client.js';
import { playWavBase64 } from '../../../ui/speech/play-wav.js';

const errorText = (e: unknown) =>
  e instanceof ApiClientError ? e.error.message : ((e as Error)?.message ?? String(e));

/**
 * Speaks each agent reply that arrives after "Speak replies" is switched on (not the ones before), one after the
 * other, with the chosen text-to-speech engine. Returns what is playing and the last error.
 */
export function useSpokenReplies(turns: TranscriptTurn[], on: boolean, tts: string) {
  const spokenUpTo = useRef(turns.length);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [playing, setPlaying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!on) {
      spokenUpTo.current = turns.length;
      return;
    }
    const fresh = turns.slice(spokenUpTo.current).map((t, i) => ({ t, index: spokenUpTo.current + i }));
    spokenUpTo.current = turns.length;
    for (const { t, index } of fresh) {
      if (t.role !== 'agent' || !t.content.trim()) continue;
      queue.current = queue.current.then(async () => {
        try {
          const out = await api.call('speech.synthesize', { tts, text: t.content });
          setError(null);
          setPlaying(index);
          await playWavBase64(out.audio_base64);
        } catch (e) {
          setError(`Could not speak the reply: ${errorText(e)}`);
        } finally {
          setPlaying(null);
        }
      });
    }
  }, [turns, on, tts]);

  return { playing, error };
}
