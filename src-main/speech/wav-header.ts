/**
 * The facts of a WAV file read from its header alone (RIFF chunks, bounded), so a file can be refused
 * before any sample is decoded or resampled: a sample rate or channel count outside the bounds, a
 * duration over the limit. The data chunk's declared size is capped by the bytes actually there
 * (streamed WAVs declare 0 or 0xFFFFFFFF).
 */
import { MAX_WAV_CHANNELS, MAX_WAV_SAMPLE_RATE, MIN_WAV_SAMPLE_RATE } from '../../src-shared/limits.js';

/** Thrown for input that is not a WAV file Parley can read; the message says what it looked like. */
export class NotWavError extends Error {}

export interface WavHeader {
  /** 1 = PCM, 3 = IEEE float, 0xfffe = extensible. */
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
  durationMs: number;
}

/** Chunks looked at before giving up on finding fmt and data. */
const MAX_CHUNKS = 64;

export function describeStart(buf: Buffer): string {
  if (!buf.length) return 'it is empty';
  const head = buf.subarray(0, 4).toString('latin1');
  if (head.startsWith('ID3') || (buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0)) return 'it looks like MP3';
  if (head === 'OggS') return 'it looks like Ogg (Opus/Vorbis)';
  if (head === 'fLaC') return 'it looks like FLAC';
  if (/^[\x20-\x7e\s]{4}$/.test(head))
    return `it starts with text: "${buf.subarray(0, 60).toString('utf8').replace(/\s+/g, ' ')}"`;
  return `it starts with bytes ${buf.subarray(0, 4).toString('hex')}`;
}

export function readWavHeader(buf: Buffer): WavHeader {
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE')
    throw new NotWavError(`expected a WAV file (RIFF/WAVE), ${describeStart(buf)}`);
  let at = 12;
  let fmt: Omit<WavHeader, 'dataBytes' | 'durationMs'> | undefined;
  for (let n = 0; n < MAX_CHUNKS && at + 8 <= buf.length; n++) {
    const id = buf.toString('latin1', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > buf.length)
        throw new NotWavError('expected a readable WAV file: its fmt chunk is cut short');
      fmt = {
        format: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new NotWavError('expected a readable WAV file: its data chunk comes before its fmt chunk');
      const dataBytes = Math.min(size, buf.length - body);
      const frameBytes = Math.max(1, fmt.channels * Math.ceil(fmt.bitsPerSample / 8));
      const durationMs = fmt.sampleRate > 0 ? (dataBytes / frameBytes / fmt.sampleRate) * 1000 : Infinity;
      return { ...fmt, dataBytes, durationMs };
    }
    at = body + size + (size % 2);
  }
  throw new NotWavError(`expected a readable WAV file: no ${fmt ? 'data' : 'fmt'} chunk found`);
}

/** The header, refused (NotWavError) when its rate, channels or duration are outside the bounds. */
export function checkWavHeader(buf: Buffer, maxMs: number): WavHeader {
  const h = readWavHeader(buf);
  if (h.sampleRate < MIN_WAV_SAMPLE_RATE || h.sampleRate > MAX_WAV_SAMPLE_RATE)
    throw new NotWavError(
      `its header says ${h.sampleRate.toLocaleString('en-US')} samples per second; expected ${MIN_WAV_SAMPLE_RATE.toLocaleString('en-US')} to ${MAX_WAV_SAMPLE_RATE.toLocaleString('en-US')}`,
    );
  if (h.channels < 1 || h.channels > MAX_WAV_CHANNELS)
    throw new NotWavError(`its header says ${h.channels} channels; expected 1 to ${MAX_WAV_CHANNELS}`);
  if (![8, 16, 24, 32, 64].includes(h.bitsPerSample))
    throw new NotWavError(`its header says ${h.bitsPerSample} bits per sample; expected 8, 16, 24, 32 or 64`);
  if (h.durationMs > maxMs)
    throw new NotWavError(
      `it is ${Math.round(h.durationMs / 1000).toLocaleString('en-US')} s long; at most ${Math.round(maxMs / 1000)} s at once`,
    );
  return h;
}
