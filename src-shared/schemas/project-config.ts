import { z } from 'zod';
import { ModelParams, parseModelSpec } from './model.js';
import { RunOptionsInput, RunSpeechOptions } from './run.js';

/** The project file's one name: `parley run` looks for it in the current folder, then in each folder above. */
export const PROJECT_FILE_NAME = 'parley.config.json';

/** A model spec as the flags take it (`ollama:qwen3:4b`, `scripted:FILE`, ...), checked when the file is read. */
const ModelSpecText = z
  .string({ error: 'expected a model spec such as ollama:NAME, llama-cpp:PATH.gguf or scripted:FILE' })
  .min(1)
  .superRefine((v, ctx) => {
    try {
      parseModelSpec(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  });

/** The run options a project file may set (the ones Parley records itself, such as shards and merges, are not). */
export const ProjectRunOptions = RunOptionsInput.pick({
  concurrency: true,
  repeats: true,
  max_turns: true,
  tests: true,
  personas: true,
  turn_quality: true,
  context: true,
  test_model_precedence: true,
  caller_fidelity: true,
  judge_repeats: true,
  judge_reasoning: true,
  fail_on_severity: true,
  latency_budget: true,
})
  .partial()
  .strict();
export type ProjectRunOptions = z.infer<typeof ProjectRunOptions>;

/**
 * `parley.config.json` (docs/project-file.md): what `parley run` runs when no flag says otherwise. Paths
 * (the agent, the tests, scripted and llama-cpp model files) are relative to the file's folder. Unknown
 * keys are refused by name.
 */
export const ProjectConfig = z.strictObject({
  /** An editor's JSON Schema link; ignored. */
  $schema: z.string().optional(),
  /** The agent: a file (stored as a new version when it changed) or a stored agent's id or name. */
  agent: z.string().min(1),
  /** The tests: a test file (Parley suite or voicetest tests) or a stored suite's id or name. */
  tests: z.string().min(1),
  models: z.strictObject({
    /** The agent model; several run the suite once per model (a model matrix). */
    agent: z.union([ModelSpecText, z.array(ModelSpecText).min(1)]),
    /** The simulated caller's model (default: the agent model). */
    caller: ModelSpecText.optional(),
    /** The judge's model (default: the agent model). */
    judge: ModelSpecText.optional(),
    /** Parameters laid over each role's spec (temperature, seed, context_size...). */
    params: z
      .strictObject({
        agent: ModelParams.strict().optional(),
        caller: ModelParams.strict().optional(),
        judge: ModelParams.strict().optional(),
      })
      .optional(),
  }),
  options: ProjectRunOptions.optional(),
  /** Speech (docs/voice.md): the engines and what goes through them. */
  speech: RunSpeechOptions.omit({ engines: true })
    .strict()
    .superRefine((v, ctx) => {
      const engines = (['tts', 'stt', 'phone_noise', 'workers'] as const).filter((k) => v[k] !== undefined);
      if (engines.length && !v.audio_eval && !v.caller_speech)
        ctx.addIssue({
          code: 'custom',
          message: `${engines.join(', ')} given; expected audio_eval and/or caller_speech set to true to say what goes through speech`,
        });
    })
    .optional(),
});
export type ProjectConfig = z.infer<typeof ProjectConfig>;
