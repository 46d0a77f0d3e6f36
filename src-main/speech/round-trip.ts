import { throughPhoneLine, type PhoneLine } from './phone-line.js';
import type { SpeechCallOptions, SpeechTimings, SttEngine, TtsEngine } from './types.js';

export interface RoundTrip {
  said: string;
  heard: string;
  tts: SpeechTimings;
  stt: SpeechTimings;
  /** Speech length in ms (16 kHz samples). */
  audio_ms: number;
}

/** Speaks `text` and recognises it again (through a simulated phone line when given). */
export async function roundTrip(
  tts: TtsEngine,
  stt: SttEngine,
  text: string,
  o: SpeechCallOptions & { voice?: string; phone?: PhoneLine } = {},
): Promise<RoundTrip & { audio: Buffer }> {
  const spoken = await tts.tts(text, o.voice, o);
  const audio = o.phone ? throughPhoneLine(spoken.audio, o.phone) : spoken.audio;
  const heard = await stt.stt(audio, o);
  return {
    said: text,
    heard: heard.text,
    tts: spoken.timings,
    stt: heard.timings,
    audio_ms: Math.round(((audio.length - 44) / 2 / 16000) * 1000),
    audio,
  };
}
