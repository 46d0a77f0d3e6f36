/**
 * A line spoken and heard again: text-to-speech, the simulated line (line.ts), speech-to-text. SpeechLines
 * is what runs and audio evaluations use (issue 27): every engine call goes through the speech pool
 * (pool.ts), each call's time limit is scaled to its text or audio (budget.ts), a line over the length
 * bound is not spoken (and says so), and a round trip is kept by content hash (cache.ts) so a static agent
 * line is spoken and recognised once across runs; while it is being made, the same round trip asked for by
 * another conversation waits for it instead of being made again (in-flight.ts). An agent's reply also has its first sentence synthesised
 * alone, as a voice platform streaming it to text-to-speech would, so the time to its first audio is known.
 */
import { splitSentences } from '../../src-shared/speech/sentences.js';
import { cacheKey, readCached, type CachedRoundTrip, type RoundTripCache } from './cache.js';
import { inFlightFor, type InFlight, type Joined } from './in-flight.js';
import { throughLine, type Dropout, type LineSpec } from './line.js';
import { throughPhoneLine, type PhoneLine } from './phone-line.js';
import { speechPool, type SpeechPool } from './pool.js';
import type { SpeechCallOptions, SpeechIdentity, SpeechTimings, SttEngine, TtsEngine } from './types.js';
import { SPEECH_SAMPLE_RATE } from './wav.js';

/** Longer messages are not spoken (marked `not_spoken: too_long`): a model that writes a page gets no minute of audio. */
export const MAX_SPOKEN_CHARS = 1500;

export interface RoundTrip {
  said: string;
  heard: string;
  tts: SpeechTimings;
  stt: SpeechTimings;
  /** Speech length in ms (16 kHz samples). */
  audio_ms: number;
}

/** Speaks `text` and recognises it again (through a simulated phone line when given); no pool, no cache. */
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
    audio_ms: msOf(audio),
    audio,
  };
}

const msOf = (wav: Buffer) => Math.round(((wav.length - 44) / 2 / SPEECH_SAMPLE_RATE) * 1000);

export interface SpokenLine {
  text: string;
  voice?: string;
  /** Speaking rate (1 = normal). */
  rate?: number;
  line?: LineSpec;
  /** Synthesise sentence by sentence (an agent's reply streamed to text-to-speech). */
  bySentence?: boolean;
}

export interface HeardLine extends CachedRoundTrip {
  said: string;
  /** From the cache: no engine ran. */
  cached: boolean;
  /** Made once for this line and an identical one in flight at the same time: no engine ran for this one. */
  shared: boolean;
}

export type LineOutcome = HeardLine | { said: string; not_spoken: 'too_long' };

export interface SpeechLinesStats {
  /** Round trips from the cache. */
  hits: number;
  /** Round trips that joined an identical one in flight. */
  shared: number;
  /** Round trips made by the engines. */
  misses: number;
  not_spoken: number;
}

export interface LineCall {
  /** Who the work is for (a conversation): the pool takes turns between owners. */
  owner: string;
  signal?: AbortSignal;
}

export class SpeechLines {
  private ids: Promise<[SpeechIdentity, SpeechIdentity]> | undefined;
  private readonly counts: SpeechLinesStats = { hits: 0, shared: 0, misses: 0, not_spoken: 0 };

  constructor(
    readonly tts: TtsEngine,
    readonly stt: SttEngine,
    private readonly o: {
      pool?: SpeechPool;
      cache?: RoundTripCache;
      maxChars?: number;
      /** Join identical round trips in flight (default: yes, when there is a cache; the table is the cache's). */
      share?: boolean;
      inFlight?: InFlight;
    } = {},
  ) {}

  private get pool(): SpeechPool {
    return this.o.pool ?? speechPool();
  }

  stats(): SpeechLinesStats {
    return { ...this.counts };
  }

  private identities(): Promise<[SpeechIdentity, SpeechIdentity]> {
    this.ids ??= Promise.all([this.tts.identity(), this.stt.identity()]);
    this.ids.catch(() => (this.ids = undefined));
    return this.ids;
  }

  /** Where identical round trips in flight are joined: the cache's table (none without a cache, or with `share: false`). */
  private inFlight(): InFlight | undefined {
    if (!this.o.cache || this.o.share === false) return undefined;
    return this.o.inFlight ?? inFlightFor(this.o.cache);
  }

  /** `make(signal)` once per key in flight (in-flight.ts); without a table, made for this call alone. */
  private once<T>(key: string, call: LineCall, make: (signal?: AbortSignal) => Promise<T>): Joined<T> {
    const table = this.inFlight();
    return table ? table.join(key, call.signal, make) : { value: make(call.signal), shared: false };
  }

  /**
   * Speaks `line` and hears it again: from the cache when the same round trip was made before, from the same
   * round trip in flight for another turn (`shared`), else made here (and cached).
   */
  async hear(line: SpokenLine, call: LineCall): Promise<LineOutcome> {
    const text = line.text.trim();
    if (text.length > (this.o.maxChars ?? MAX_SPOKEN_CHARS)) {
      this.counts.not_spoken++;
      return { said: line.text, not_spoken: 'too_long' };
    }
    const [ttsId, sttId] = await this.identities();
    const key = cacheKey('round-trip', { tts: ttsId, stt: sttId, ...line, text });
    const hit = this.o.cache ? readCached(this.o.cache.get(key)) : undefined;
    if (hit?.heard !== undefined) {
      this.counts.hits++;
      return { ...hit, said: line.text, cached: true, shared: false };
    }
    const made = this.once(key, call, (signal) => this.make(key, text, line, { owner: call.owner, signal }));
    if (made.shared) this.counts.shared++;
    else this.counts.misses++;
    const value = await made.value;
    // a shared result is one object for every waiter: each turn gets its own copy (its dropouts array)
    return { ...(made.shared ? structuredClone(value) : value), said: line.text, cached: false, shared: made.shared };
  }

  /** One round trip through the engines, written to the cache. */
  private async make(key: string, text: string, line: SpokenLine, call: LineCall): Promise<CachedRoundTrip> {
    const spoken = await this.synthesise(text, line, call);
    const { audio, dropouts } = throughLine(spoken.audio, line.line);
    const heard = await this.pool.run(call.owner, () => this.stt.stt(audio, { signal: call.signal }), call.signal);
    const made: CachedRoundTrip = {
      heard: heard.text,
      audio_ms: msOf(audio),
      tts_ms: Math.round(spoken.tts_ms),
      first_sentence_tts_ms: Math.round(spoken.first_sentence_tts_ms),
      ...(spoken.first_audio_ms !== undefined ? { first_audio_ms: Math.round(spoken.first_audio_ms) } : {}),
      stt_ms: Math.round(heard.timings.total_ms),
      ...(dropouts.length ? { dropouts } : {}),
    };
    this.o.cache?.put(key, made);
    return made;
  }

  /** How long `text` takes to say (text-to-speech only; cached, and shared while in flight): the timeline a barge-in cuts. */
  async spokenMs(text: string, voice: string | undefined, rate: number | undefined, call: LineCall): Promise<number> {
    const [ttsId] = await this.identities();
    const key = cacheKey('spoken-length', { tts: ttsId, voice, rate, text });
    const hit = this.o.cache ? readCached(this.o.cache.get(key)) : undefined;
    if (hit) return hit.audio_ms;
    const made = this.once(key, call, async (signal) => {
      const spoken = await this.synthesise(text, { text, voice, rate }, { owner: call.owner, signal });
      const audio_ms = msOf(spoken.audio);
      this.o.cache?.put(key, {
        audio_ms,
        tts_ms: Math.round(spoken.tts_ms),
        first_sentence_tts_ms: 0,
      } satisfies CachedRoundTrip);
      return audio_ms;
    });
    return made.value;
  }

  /**
   * The text's audio, synthesised at once (what is heard); with `bySentence`, the first sentence is also
   * synthesised alone to time the first audio of a reply streamed to text-to-speech sentence by sentence.
   * (Sentences synthesised apart and joined are heard much worse: 20.7% against 9.2% word error rate on the
   * example agent's lines with flite and pocketsphinx, so the joined audio is not what is recognised.)
   */
  private async synthesise(
    text: string,
    line: SpokenLine,
    call: LineCall,
  ): Promise<{ audio: Buffer; tts_ms: number; first_sentence_tts_ms: number; first_audio_ms?: number }> {
    const say = (t: string) =>
      this.pool.run(
        call.owner,
        () => this.tts.tts(t, line.voice, { signal: call.signal, ...(line.rate ? { rate: line.rate } : {}) }),
        call.signal,
      );
    const sentences = line.bySentence ? splitSentences(text) : [text];
    const [whole, first] = await Promise.all([say(text), sentences.length > 1 ? say(sentences[0]) : undefined]);
    return {
      audio: whole.audio,
      tts_ms: whole.timings.total_ms,
      first_sentence_tts_ms: (first ?? whole).timings.total_ms,
      ...(whole.timings.first_audio_ms !== undefined ? { first_audio_ms: whole.timings.first_audio_ms } : {}),
    };
  }
}

export type { Dropout };
