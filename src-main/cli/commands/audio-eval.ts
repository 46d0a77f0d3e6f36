import type { Command } from 'commander';
import { intFlag } from '../flags.js';
import { printJson } from '../output.js';
import { withDbOption } from '../use-app.js';
import { phoneNoise } from '../speech-flags.js';
import { formatAudioSummary } from '../text/audio-text.js';
import { formatWer } from '../../../src-shared/speech/wer-summary.js';

interface AudioEvalCliOptions {
  db?: string;
  tts?: string;
  stt?: string;
  phoneNoise?: string;
  concurrency?: string;
  json?: boolean;
}

export function registerAudioEval(program: Command): void {
  withDbOption(
    program
      .command('audio-eval <run>')
      .description(
        "speak every agent message of a finished run (TTS), recognise it again (STT), store what was heard beside each turn, and judge the run's metrics and rule checks again on the heard transcript (audio_metrics, audio_rules); the text verdicts are kept",
      )
      .option(
        '--tts <spec>',
        "text-to-speech engine (default: the run's --tts, else flite): flite, espeak-ng, say, piper:VOICE.onnx, openai:MODEL[@URL], command:...",
      )
      .option(
        '--stt <spec>',
        "speech-to-text engine (default: the run's --stt, else pocketsphinx): pocketsphinx, whisper-cli:MODEL.bin, openai:MODEL[@URL], command:...",
      )
      .option('--phone-noise <level>', 'simulate a phone line: 8 kHz band limit plus seeded noise (0 to 1)')
      .option('--concurrency <n>', 'conversations at once (default 2)')
      .option('--json', 'print JSON'),
  ).action(async (runId: string, opts: AudioEvalCliOptions) => {
    const noise = phoneNoise('--phone-noise', opts.phoneNoise);
    const concurrency = intFlag('--concurrency', opts.concurrency, { min: 1, max: 8 });
    const { useApp } = await import('../use-app.js');
    const { followJob } = await import('../job-progress.js');
    await useApp(opts, async (app, door) => {
      const job = await app.audio.start({
        run_id: runId,
        tts: opts.tts,
        stt: opts.stt,
        phone_noise: noise,
        concurrency,
      });
      const out = await followJob(job, { quiet: opts.json, label: 'audio evaluation' });
      if (opts.json) return printJson(out);
      const results = await door.call('runs.results', { id: runId });
      const who = (id: { preset?: string; engine: string; model?: string }) =>
        id.preset ?? `${id.engine}${id.model ? ` ${id.model}` : ''}`;
      process.stdout.write(
        `run ${runId}: ${out.turns} agent turn(s) in ${out.conversations} conversation(s) spoken with ${who(out.tts)} and heard with ${who(out.stt)} in ${(out.ms / 1000).toFixed(1)} s\n`,
      );
      process.stdout.write(
        `word error rate of the agent as heard: ${out.word_error_rate ? formatWer(out.word_error_rate) : 'n/a'}; ${out.cache.hits} of ${out.cache.hits + out.cache.shared + out.cache.misses} round trips from the speech cache, ${out.cache.shared} shared with an identical one in flight${out.not_spoken ? `; ${out.not_spoken} line(s) not spoken (too long)` : ''}\n`,
      );
      process.stdout.write(formatAudioSummary(results) || 'audio: nothing was evaluated\n');
      if (out.errors) process.exitCode = 1;
    });
  });
}
