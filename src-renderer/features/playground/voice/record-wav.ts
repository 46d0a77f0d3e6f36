import { WaveFile } from 'wavefile';

/** A microphone recording in progress: `stop()` ends it and gives the audio as a mono WAV file. */
export interface MicRecording {
  stop(): Promise<Uint8Array>;
  cancel(): void;
}

/** Why the microphone could not be used, in words a user can act on. */
export function micErrorText(e: unknown): string {
  const name = (e as { name?: string })?.name;
  if (name === 'NotAllowedError')
    return 'The microphone is blocked for this page: allow it in the browser (the icon in the address bar) and try again.';
  if (name === 'NotFoundError') return 'No microphone was found on this computer.';
  if (name === 'NotReadableError') return 'The microphone is in use by another program.';
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices)
    return 'This page cannot use the microphone: open Parley on http://127.0.0.1 (a secure context) or in the desktop app.';
  return `The microphone could not be used: ${(e as Error)?.message ?? String(e)}`;
}

/**
 * Records from the microphone with the browser's own MediaRecorder, then decodes the recording with the Web Audio
 * API and writes it as mono 16-bit WAV at the rate the browser decoded it (the server converts it to 16 kHz with
 * wavefile, as it does every engine's audio): no hand-written codec or resampler.
 */
export async function startMicRecording(): Promise<MicRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true } });
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  const ended = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  const release = () => stream.getTracks().forEach((t) => t.stop());
  recorder.start(250);
  return {
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      await ended;
      release();
      const blob = new Blob(chunks, { type: recorder.mimeType });
      return encodeWav(await blob.arrayBuffer());
    },
    cancel() {
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}

async function encodeWav(compressed: ArrayBuffer): Promise<Uint8Array> {
  const ctx = new AudioContext();
  try {
    const audio = await ctx.decodeAudioData(compressed);
    const mono = new Float32Array(audio.length);
    for (let c = 0; c < audio.numberOfChannels; c++) {
      const data = audio.getChannelData(c);
      for (let i = 0; i < data.length; i++) mono[i] += data[i] / audio.numberOfChannels;
    }
    const wav = new WaveFile();
    wav.fromScratch(1, audio.sampleRate, '32f', mono);
    wav.toBitDepth('16');
    return wav.toBuffer();
  } finally {
    void ctx.close();
  }
}

/** Base64 of binary data, for the JSON API. */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
