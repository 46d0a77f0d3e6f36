import { z } from 'zod';
import { EndpointStatsRecord, ResultStatus, RunStatus, RunSummary, TranscriptTurn } from '../schemas/index.js';
import { PlaygroundState } from './playground.js';
import { JobEvent } from './jobs.js';

/** Events pushed from main to the renderer (IPC webContents.send / the web mode WebSocket). */
export const RunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run.started'), run_id: z.string(), total: z.number().int() }),
  z.object({
    type: z.literal('test.started'),
    run_id: z.string(),
    test: z.string(),
    test_index: z.number().int(),
    repeat: z.number().int(),
  }),
  /** A finished turn of a conversation (agent, caller or tool). */
  z.object({
    type: z.literal('test.turn'),
    run_id: z.string(),
    test_index: z.number().int(),
    repeat: z.number().int(),
    turn: TranscriptTurn,
    node: z.string().optional(),
  }),
  /** Streamed tokens of the turn being spoken. */
  z.object({
    type: z.literal('test.token'),
    run_id: z.string(),
    test_index: z.number().int(),
    repeat: z.number().int(),
    role: z.enum(['agent', 'caller']),
    chunk: z.string(),
  }),
  /**
   * What a conversation is doing when a step is slow (speech: a turn being synthesised or recognised),
   * in words ("turn 3, recognising the caller (speech)"); at most a few a second per conversation.
   */
  z.object({
    type: z.literal('test.step'),
    run_id: z.string(),
    test_index: z.number().int(),
    repeat: z.number().int(),
    /** The transcript turn the step is about (0-based). */
    turn: z.number().int(),
    text: z.string(),
  }),
  z.object({
    type: z.literal('test.finished'),
    run_id: z.string(),
    test: z.string(),
    test_index: z.number().int(),
    repeat: z.number().int(),
    status: ResultStatus,
    result_id: z.string(),
    duration_ms: z.number(),
  }),
  /** Load and errors per model endpoint (HTTP models), about once a second while the run runs. */
  z.object({ type: z.literal('run.endpoints'), run_id: z.string(), endpoints: z.array(EndpointStatsRecord) }),
  z.object({
    type: z.literal('run.finished'),
    run_id: z.string(),
    status: RunStatus,
    summary: RunSummary,
    error: z.string().nullable().optional(),
  }),
]);
export type RunEvent = z.infer<typeof RunEvent>;

/**
 * A Try-it conversation (playground.ts): streamed tokens, finished turns (`index` in the transcript),
 * node changes, and the state after each step. `step` is the index of the step in progress, so a
 * late event of a step the state already holds can be told apart.
 */
export const PlaygroundEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('playground.token'),
    session_id: z.string(),
    step: z.number().int(),
    role: z.enum(['agent', 'caller']),
    chunk: z.string(),
  }),
  z.object({
    type: z.literal('playground.turn'),
    session_id: z.string(),
    step: z.number().int(),
    index: z.number().int(),
    turn: TranscriptTurn,
  }),
  z.object({
    type: z.literal('playground.node'),
    session_id: z.string(),
    step: z.number().int(),
    node: z.string(),
    via: z.string().optional(),
    reason: z.string(),
  }),
  z.object({ type: z.literal('playground.state'), session_id: z.string(), state: PlaygroundState }),
]);
export type PlaygroundEvent = z.infer<typeof PlaygroundEvent>;

/**
 * Another process (the command line, a second server) committed to the same database file: what a page
 * shows may be out of date (src-main/api/store-changes.ts). Pages refetch what they show.
 */
export const StoreEvent = z.object({ type: z.literal('store.changed') });
export type StoreEvent = z.infer<typeof StoreEvent>;

export const AppEvent = z.union([RunEvent, PlaygroundEvent, JobEvent, StoreEvent]);
export type AppEvent = z.infer<typeof AppEvent>;
