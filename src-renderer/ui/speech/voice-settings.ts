/** Try it's speech choices, remembered on this computer (the run's engines are chosen in the New run dialog). */
export interface VoiceSettings {
  /** Speech-to-text engine spec for the microphone. */
  stt: string;
  /** Text-to-speech engine spec for the agent's replies. */
  tts: string;
  /** Speak every new agent reply aloud. */
  speakReplies: boolean;
}

const KEY = 'parley.tryit.voice';
export const DEFAULT_VOICE: VoiceSettings = { stt: 'pocketsphinx', tts: 'flite', speakReplies: false };

export function readVoiceSettings(): VoiceSettings {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<VoiceSettings>;
    return {
      stt: typeof v.stt === 'string' && v.stt.trim() ? v.stt : DEFAULT_VOICE.stt,
      tts: typeof v.tts === 'string' && v.tts.trim() ? v.tts : DEFAULT_VOICE.tts,
      speakReplies: v.speakReplies === true,
    };
  } catch {
    return DEFAULT_VOICE;
  }
}

export function writeVoiceSettings(s: VoiceSettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* storage full or disabled: not remembered */
  }
}
