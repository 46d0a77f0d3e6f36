/**
 * WAV conversion to 16 kHz mono 16-bit in a worker thread: wavefile's resampler takes seconds for a
 * minute of 48 kHz audio (30 s for stereo float on a busy machine), which would stall the web server
 * and every run sharing the process. One worker, reused, jobs one at a time; it keeps the process
 * alive only while a job runs (an idle worker is unref'd); a job over the time limit terminates it.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const mod = require(workerData.wavefile);
const WaveFile = mod.WaveFile || (mod.default && mod.default.WaveFile);
function convert(buf) {
  let w = new WaveFile(buf);
  if (w.bitDepth !== '16') w.toBitDepth('16');
  if (w.fmt.numChannels > 1) {
    const channels = w.getSamples(false);
    const mono = new Int16Array(channels[0].length);
    for (let i = 0; i < mono.length; i++) {
      let s = 0;
      for (const ch of channels) s += ch[i];
      mono[i] = Math.round(s / channels.length);
    }
    const rate = w.fmt.sampleRate;
    w = new WaveFile();
    w.fromScratch(1, rate, '16', mono);
  }
  if (w.fmt.sampleRate !== workerData.rate) w.toSampleRate(workerData.rate);
  return w.toBuffer();
}
parentPort.on('message', (m) => {
  try {
    const out = convert(Buffer.from(m.input));
    parentPort.postMessage({ id: m.id, output: out }, [out.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
  }
});
`;

const CONVERT_TIMEOUT_MS = 120_000;

let worker: Worker | undefined;
let seq = 0;
let tail: Promise<unknown> = Promise.resolve();

function spawnWorker(rate: number): Worker {
  if (!worker) {
    const wavefile = createRequire(import.meta.url).resolve('wavefile');
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { wavefile, rate } });
    w.unref();
    const drop = () => {
      if (worker === w) worker = undefined;
    };
    w.on('error', drop);
    w.on('exit', drop);
    worker = w;
  }
  return worker;
}

function convertNow(input: Buffer, rate: number): Promise<Buffer> {
  const w = spawnWorker(rate);
  const id = ++seq;
  return new Promise<Buffer>((resolve, reject) => {
    const done = (fn: () => void) => {
      clearTimeout(timer);
      w.unref();
      w.off('message', onMessage);
      w.off('error', onError);
      fn();
    };
    const onMessage = (m: { id: number; output?: Uint8Array; error?: string }) => {
      if (m.id !== id) return;
      done(() => (m.error !== undefined ? reject(new Error(m.error)) : resolve(Buffer.from(m.output!))));
    };
    const onError = (e: Error) => done(() => reject(e));
    const timer = setTimeout(() => {
      done(() => reject(new Error(`the conversion took longer than ${CONVERT_TIMEOUT_MS / 1000} s`)));
      void w.terminate();
    }, CONVERT_TIMEOUT_MS);
    timer.unref();
    w.on('message', onMessage);
    w.on('error', onError);
    w.ref(); // a CLI awaiting only this answer must not exit before it
    const copy = Uint8Array.from(input);
    w.postMessage({ id, input: copy }, [copy.buffer]);
  });
}

/** Converts a WAV (any PCM/float rate and channels) to `rate` Hz mono 16-bit off the event loop. */
export function convertWavOffThread(input: Buffer, rate: number): Promise<Buffer> {
  const job = tail.then(() => convertNow(input, rate));
  tail = job.catch(() => undefined);
  return job;
}
