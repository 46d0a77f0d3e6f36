/**
 * Audio inside Parley: 16 kHz mono 16-bit PCM WAV. Whatever an engine returns (22 050 Hz espeak-ng,
 * 24 kHz OpenAI, stereo, float) is converted here with wavefile (its resampler low-pass filters on
 * the way down), never with a hand-written resampler.
 */
import wavefile from 'wavefile';

const { WaveFile } = wavefile;

export const SPEECH_SAMPLE_RATE = 16000;

/** Thrown for input that is not a WAV file Parley can read; `describe` says what it looked like. */
export class NotWavError extends Error {}

function describeStart(buf: Buffer): string {
  if (!buf.length) return 'it is empty';
  const head = buf.subarray(0, 4).toString('latin1');
  if (head.startsWith('ID3') || (buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0)) return 'it looks like MP3';
  if (head === 'OggS') return 'it looks like Ogg (Opus/Vorbis)';
  if (head === 'fLaC') return 'it looks like FLAC';
  if (/^[\x20-\x7e\s]{4}$/.test(head))
    return `it starts with text: "${buf.subarray(0, 60).toString('utf8').replace(/\s+/g, ' ')}"`;
  return `it starts with bytes ${buf.subarray(0, 4).toString('hex')}`;
}

/** Converts any PCM/float WAV to 16 kHz mono 16-bit. Throws NotWavError naming what it got instead. */
export function toSpeechWav(buf: Buffer): Buffer {
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE')
    throw new NotWavError(`expected a WAV file (RIFF/WAVE), ${describeStart(buf)}`);
  let w: InstanceType<typeof WaveFile>;
  try {
    w = new WaveFile(buf);
  } catch (e) {
    throw new NotWavError(`expected a readable WAV file: ${(e as Error).message}`);
  }
  const fmt = w.fmt as { numChannels: number; sampleRate: number };
  if (fmt.numChannels === 1 && fmt.sampleRate === SPEECH_SAMPLE_RATE && w.bitDepth === '16') return buf;
  try {
    if (w.bitDepth !== '16') w.toBitDepth('16');
    const now = w.fmt as { numChannels: number; sampleRate: number };
    if (now.numChannels > 1) {
      const channels = w.getSamples(false) as unknown as Float64Array[];
      const mono = new Int16Array(channels[0].length);
      for (let i = 0; i < mono.length; i++) {
        let s = 0;
        for (const ch of channels) s += ch[i];
        mono[i] = Math.round(s / channels.length);
      }
      w = new WaveFile();
      w.fromScratch(1, now.sampleRate, '16', mono);
    }
    if ((w.fmt as { sampleRate: number }).sampleRate !== SPEECH_SAMPLE_RATE) w.toSampleRate(SPEECH_SAMPLE_RATE);
  } catch (e) {
    throw new NotWavError(`could not convert the WAV to 16 kHz mono 16-bit: ${(e as Error).message}`);
  }
  return Buffer.from(w.toBuffer());
}

/** The 16-bit samples of a 16 kHz mono WAV made by toSpeechWav. */
export function samplesOf(wav: Buffer): Int16Array {
  const w = new WaveFile(wav);
  return Int16Array.from(w.getSamples(false, Int16Array) as unknown as ArrayLike<number>);
}

export function wavOf(samples: Int16Array, rate = SPEECH_SAMPLE_RATE): Buffer {
  const w = new WaveFile();
  w.fromScratch(1, rate, '16', samples);
  return Buffer.from(w.toBuffer());
}

export function durationMs(wav: Buffer): number {
  return (samplesOf(wav).length / SPEECH_SAMPLE_RATE) * 1000;
}

/** True when the audio has no sample louder than about -60 dBFS (or no samples): nothing to recognise. */
export function isSilent(wav: Buffer): boolean {
  const s = samplesOf(wav);
  for (let i = 0; i < s.length; i++) if (Math.abs(s[i]) > 32) return false;
  return true;
}
