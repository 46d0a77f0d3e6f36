/**
 * The speech part of a run's report (issue 27), one reading for `--json`, `runs show`, the exports, JUnit
 * and the run page: word error rates each way (agent lines as the caller heard them, caller lines as the
 * agent heard them) per conversation and per run with its interval, turns not spoken because they were too
 * long, round trips from the cache or shared with an identical one in flight, and what the simulated phone callers did (barge-ins, silences, re-prompts,
 * noisy turns, dropouts, calls ended for no answer). Derived from the stored turns; pure.
 */
import type { Result, TranscriptTurn } from '../schemas/run.js';
import { conversationWer, runWer, type WerFigure, type WerInterval } from './wer-summary.js';

export interface PerturbationCounts {
  /** Agent turns the caller cut into. */
  barge_ins: number;
  /** Caller turns with a silence (no answer, or a pause before answering). */
  silences: number;
  /** The agent's re-prompts after silence. */
  reprompts: number;
  /** Caller turns spoken over background noise. */
  noisy_turns: number;
  /** Line dropouts, both ways. */
  dropouts: number;
  /** Conversations the agent ended because the caller said nothing (end reason no_answer). */
  no_answer_endings: number;
}

export interface SpeechResultReport {
  /** The agent's lines as the caller heard them (audio evaluation). */
  agent_wer?: WerFigure;
  /** The caller's lines as the agent heard them (caller speech). */
  caller_wer?: WerFigure;
  /** Turns not spoken: longer than the speech length bound. */
  not_spoken: number;
  perturbations: PerturbationCounts;
}

export interface SpeechRunReport {
  agent_wer?: WerInterval;
  caller_wer?: WerInterval;
  /** Turns that went through speech (heard, or failed). */
  spoken_turns: number;
  /** Of those, served by the speech round-trip cache. */
  cached_turns: number;
  /** Of those, served by an identical round trip in flight at the same time for another turn (no engine ran). */
  shared_turns: number;
  not_spoken: number;
  speech_errors: number;
  perturbations: PerturbationCounts;
}

const noCounts = (): PerturbationCounts => ({
  barge_ins: 0,
  silences: 0,
  reprompts: 0,
  noisy_turns: 0,
  dropouts: 0,
  no_answer_endings: 0,
});

function addTurn(c: PerturbationCounts, t: TranscriptTurn): void {
  const p = t.perturbation;
  if (!p) return;
  if (p.interrupted) c.barge_ins++;
  if (p.silence_ms !== undefined) c.silences++;
  if (p.reprompt) c.reprompts++;
  if (p.noise) c.noisy_turns++;
  c.dropouts += p.dropouts?.length ?? 0;
}

/** What the simulated callers did in some conversations. */
export function perturbationCounts(results: readonly Pick<Result, 'transcript' | 'end_reason'>[]): PerturbationCounts {
  const c = noCounts();
  for (const r of results) {
    for (const t of r.transcript) addTurn(c, t);
    if (r.end_reason === 'no_answer') c.no_answer_endings++;
  }
  return c;
}

const anyCount = (c: PerturbationCounts) => Object.values(c).some((n) => n > 0);
const notSpoken = (ts: readonly TranscriptTurn[]) => ts.filter((t) => t.speech?.not_spoken).length;

/** One conversation's speech figures; undefined when it used no speech and no caller behaviour. */
export function speechResultReport(r: Pick<Result, 'transcript' | 'end_reason'>): SpeechResultReport | undefined {
  const agent = conversationWer(r.transcript, 'agent');
  const caller = conversationWer(r.transcript, 'caller');
  const perturbations = perturbationCounts([r]);
  const skipped = notSpoken(r.transcript);
  if (!agent && !caller && !skipped && !anyCount(perturbations)) return undefined;
  return {
    ...(agent ? { agent_wer: agent } : {}),
    ...(caller ? { caller_wer: caller } : {}),
    not_spoken: skipped,
    perturbations,
  };
}

/** A run's speech figures; undefined when it used no speech and no caller behaviour. */
export function speechRunReport(
  results: readonly Pick<Result, 'transcript' | 'end_reason'>[],
): SpeechRunReport | undefined {
  const agent = runWer(results, 'agent');
  const caller = runWer(results, 'caller');
  const perturbations = perturbationCounts(results);
  let spoken = 0;
  let cached = 0;
  let shared = 0;
  let skipped = 0;
  let errors = 0;
  for (const r of results)
    for (const t of r.transcript) {
      if (t.heard !== undefined || t.speech_error) spoken++;
      if (t.speech?.cached) cached++;
      if (t.speech?.shared) shared++;
      if (t.speech?.not_spoken) skipped++;
      if (t.speech_error) errors++;
    }
  if (!agent && !caller && !spoken && !skipped && !anyCount(perturbations)) return undefined;
  return {
    ...(agent ? { agent_wer: agent } : {}),
    ...(caller ? { caller_wer: caller } : {}),
    spoken_turns: spoken,
    cached_turns: cached,
    shared_turns: shared,
    not_spoken: skipped,
    speech_errors: errors,
    perturbations,
  };
}

/** "12 turns through speech, 3 from the speech cache, 8 shared with an identical turn in flight, 1 failed". */
export function speechTurnsText(s: SpeechRunReport): string {
  return `${s.spoken_turns} turn${s.spoken_turns === 1 ? '' : 's'} through speech, ${s.cached_turns} from the speech cache, ${s.shared_turns} shared with an identical turn in flight${s.speech_errors ? `, ${s.speech_errors} failed` : ''}`;
}

/** A turn's speech fields as the report prints them (word errors, audio, voice; what the caller did). */
export function speechTurnFields(t: TranscriptTurn): Pick<TranscriptTurn, 'speech' | 'perturbation'> {
  return { ...(t.speech ? { speech: t.speech } : {}), ...(t.perturbation ? { perturbation: t.perturbation } : {}) };
}

/** "3 barge-ins, 2 silences, 1 re-prompt, ..." ('' when nothing happened). */
export function perturbationCountsText(c: PerturbationCounts): string {
  const part = (n: number, one: string, many: string) => (n ? `${n} ${n === 1 ? one : many}` : '');
  return [
    part(c.barge_ins, 'barge-in', 'barge-ins'),
    part(c.silences, 'silence', 'silences'),
    part(c.reprompts, 're-prompt', 're-prompts'),
    part(c.noisy_turns, 'noisy caller turn', 'noisy caller turns'),
    part(c.dropouts, 'dropout', 'dropouts'),
    part(c.no_answer_endings, 'call ended for no answer', 'calls ended for no answer'),
  ]
    .filter(Boolean)
    .join(', ');
}
