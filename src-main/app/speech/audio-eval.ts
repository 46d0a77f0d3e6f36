/**
 * Audio evaluation of a finished run (issue 11), for `parley audio-eval RUN` and `runs.audioEval`:
 * every agent message of every stored conversation goes TTS -> STT, the heard text is stored in the
 * turn (`heard`), and the conversation's metrics and rule checks are judged again on the heard
 * transcript (`audio_metrics`, `audio_rules`) with the run's judge. The text verdicts are untouched.
 * The conversations go through the one run loop (engine/run/run-pool.ts).
 */
import type { Result, RunSpeechOptions } from '../../../src-shared/schemas/index.js';
import { audioLosses } from '../../../src-shared/run/audio-findings.js';
import { reevaluateStoredResult, type RunSpeech } from '../../engine/run/audio-eval.js';
import { callerSetup } from '../../engine/run/caller-behaviour.js';
import { runWer, type WerInterval } from '../../../src-shared/speech/wer-summary.js';
import { ModelCalls, runPool } from '../../engine/index.js';
import { loadRunSpeech, SpeechOptionError } from '../../engine/run/run-speech.js';
import type { ChatModel } from '../../providers/index.js';
import { createSpeechRegistry, type SpeechIdentity, type SpeechRegistry } from '../../speech/index.js';
import type { Store } from '../../store/index.js';
import { invalid, unavailable } from '../errors.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { ModelService } from '../models/models.js';
import { finishedRun } from '../refs/resolve.js';
import { storedModelDefault, storedSpeechDefault } from '../runs/stored-specs.js';

export interface AudioEvalRequest {
  run_id: string;
  /** Engines (default: the ones the run used, from its options). */
  tts?: string;
  stt?: string;
  phone_noise?: number;
  concurrency?: number;
}

export interface AudioEvalOutcome {
  run_id: string;
  tts: SpeechIdentity;
  stt: SpeechIdentity;
  /** Conversations evaluated. */
  conversations: number;
  /** Agent turns spoken and heard. */
  turns: number;
  /** Conversations whose audio part failed (audio_error set). */
  errors: number;
  /** Rule checks and metrics that passed on the text and failed on what was heard. */
  lost_in_speech: number;
  /** Word error rate of the agent's lines as heard, over the run (null when nothing was heard). */
  word_error_rate: WerInterval | null;
  /** Round trips served by the speech cache, shared with an identical one in flight, and made by the engines. */
  cache: { hits: number; shared: number; misses: number };
  /** Agent lines not spoken: longer than the speech length bound. */
  not_spoken: number;
  aborted: boolean;
  ms: number;
}

export class AudioEvalService {
  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
    private readonly jobs: JobRegistry,
    private readonly speech: () => SpeechRegistry = () => createSpeechRegistry(),
  ) {}

  /** Audio evaluation of a finished run as a job: the request is checked and the judge loaded first. */
  start(req: AudioEvalRequest): Promise<Job<AudioEvalOutcome>> {
    return this.jobs.startWhenReady(
      {
        kind: 'audio-eval',
        title: `Audio evaluation of run ${req.run_id}`,
        unit: 'conversations',
        subject: { run_id: req.run_id },
      },
      (ctl) => this.evaluate(req, { signal: ctl.signal, onProgress: (p) => ctl.progress(p.done, p.total) }),
      { statusOf: (o) => (o.aborted ? 'cancelled' : 'done') },
    );
  }

  /** The engines of a request, checked before anything is loaded or written. */
  engines(req: Pick<AudioEvalRequest, 'tts' | 'stt' | 'phone_noise'>, fallback?: RunSpeechOptions): RunSpeech {
    const o: RunSpeechOptions = {
      tts: req.tts ?? fallback?.tts,
      stt: req.stt ?? fallback?.stt,
      audio_eval: true,
      ...((req.phone_noise ?? fallback?.phone_noise) !== undefined
        ? { phone_noise: req.phone_noise ?? fallback?.phone_noise }
        : {}),
    };
    try {
      return loadRunSpeech(o, this.speech(), { cache: this.store.speechCache })!;
    } catch (e) {
      if (e instanceof SpeechOptionError) throw invalid(e.message, e.path.replace('options.speech.', ''));
      throw e;
    }
  }

  private async evaluate(
    req: AudioEvalRequest,
    hooks: { signal?: AbortSignal; onProgress?: (p: { done: number; total: number }) => void } = {},
  ): Promise<AudioEvalOutcome> {
    const t0 = performance.now();
    const run = finishedRun(this.store, req.run_id, 'evaluate its audio');
    const stored = run.options.speech;
    // the run's own engines only where the request names none (a copied run's are checked first)
    const fallback = stored && {
      ...stored,
      tts: req.tts ? undefined : storedSpeechDefault(this.store, run, stored.tts, 'tts'),
      stt: req.stt ? undefined : storedSpeechDefault(this.store, run, stored.stt, 'stt'),
    };
    const speech = this.engines(req, fallback);
    const results = this.store.results.listByRun(run.id).filter((r) => r.transcript.some((t) => t.role === 'agent'));
    if (!results.length) throw invalid(`run ${run.id} has no conversation with an agent turn to speak`);
    const needsJudge = results.some((r) => r.metrics.length);
    let judge: ChatModel | undefined;
    if (needsJudge) {
      if (!run.models.judge)
        throw invalid(`run ${run.id} has no judge model recorded, so its metrics cannot be judged on what was heard`);
      const spec = storedModelDefault(this.store, run, run.models.judge.spec, 'judge', 'judge')!;
      judge = await this.models.load('judge', spec, { path: 'judge' });
    }
    const [tts, stt] = await Promise.all([speech.tts.identity(), speech.stt.identity()]);
    const signal = hooks.signal ?? new AbortController().signal;
    const tests = this.store.runs.suiteSnapshot(run.id)?.tests ?? [];
    const seed = run.options.speech?.seed ?? 0;
    const persona = (ref: string) => this.store.personas.find(ref)?.data;
    const evaluated: Result[] = [];
    let done = 0;
    let turns = 0;
    let errors = 0;
    let lost = 0;
    hooks.onProgress?.({ done, total: results.length });
    const outcome = await runPool({
      items: results[Symbol.iterator](),
      concurrency: Math.max(1, Math.min(req.concurrency ?? 2, 8)),
      signal,
      work: async (result: Result) => {
        const calls = judge ? new ModelCalls({ agent: judge, caller: judge, judge }, signal) : undefined;
        try {
          const test = tests[result.test_index];
          const setup =
            test?.name === result.test
              ? callerSetup(test, result.repeat, seed, persona, {
                  callerSpeech: !!run.options.speech?.caller_speech,
                  run: run.options.perturbations,
                })
              : undefined;
          const out = await reevaluateStoredResult(speech, result, { calls, signal, setup });
          return signal.aborted ? undefined : out;
        } finally {
          await calls?.disposeAll();
        }
      },
      onOutput: (r) => {
        this.store.results.replaceData(r);
        evaluated.push(r);
        done++;
        turns += r.transcript.filter((t) => t.role === 'agent' && (t.heard !== undefined || t.speech_error)).length;
        if (r.audio_error) errors++;
        lost += lostInSpeech(r);
        hooks.onProgress?.({ done, total: results.length });
      },
    });
    if (outcome.failure) throw unavailable(`audio evaluation stopped: ${outcome.failure}`);
    return {
      run_id: run.id,
      tts,
      stt,
      conversations: done,
      turns,
      errors,
      lost_in_speech: lost,
      word_error_rate: runWer(evaluated, 'agent'),
      cache: {
        hits: speech.lines.stats().hits,
        shared: speech.lines.stats().shared,
        misses: speech.lines.stats().misses,
      },
      not_spoken: speech.lines.stats().not_spoken,
      aborted: outcome.aborted,
      ms: Math.round(performance.now() - t0),
    };
  }
}

/** Checks that passed on the text and failed on what was heard (src-shared/run/audio-findings.ts). */
export function lostInSpeech(r: Parameters<typeof audioLosses>[0]): number {
  return audioLosses(r).length;
}
