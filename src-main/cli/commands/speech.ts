import type { Command } from 'commander';
import { printJson } from '../output.js';
import { phoneNoise, speakingRate } from '../speech-flags.js';
import { withDbOption } from '../use-app.js';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';

interface SpeechTestCliOptions {
  tts?: string;
  stt?: string;
  voice?: string;
  rate?: string;
  phoneNoise?: string;
  json?: boolean;
}

export function registerSpeech(program: Command): void {
  const speech = program.command('speech').description('speech engines (TTS and STT): try a pair before a run uses it');
  speech
    .command('test [text]')
    .description(
      'speak TEXT with --tts, recognise it with --stt, and print what was said, what was heard, the word diff on normalised words, the word error rate, a verdict on the pair, the timings and the engines',
    )
    .option(
      '--tts <spec>',
      'text-to-speech engine (default flite): flite, espeak-ng, say, piper:VOICE.onnx, openai:MODEL[@URL], command:...',
    )
    .option(
      '--stt <spec>',
      'speech-to-text engine (default pocketsphinx): pocketsphinx, whisper-cli:MODEL.bin, openai:MODEL[@URL], command:...',
    )
    .option('--voice <name>', 'voice (engine specific: rms or slt for flite, en-gb for espeak-ng, alloy for openai)')
    .option('--rate <factor>', 'speaking rate, 0.5 to 2 (1 = normal, 0.8 slower, 1.25 faster)')
    .option('--phone-noise <level>', 'through a simulated phone line: 8 kHz band limit plus seeded noise (0 to 1)')
    .option('--json', 'print JSON')
    .action(async (text: string | undefined, opts: SpeechTestCliOptions) => {
      const noise = phoneNoise('--phone-noise', opts.phoneNoise);
      const rate = speakingRate('--rate', opts.rate);
      const { speechTest } = await import('../../app/speech/speech-test.js');
      const { asCli } = await import('../errors.js');
      const out = await asCli(
        () => speechTest({ tts: opts.tts, stt: opts.stt, text, voice: opts.voice, rate, phone_noise: noise }),
        { text: 'TEXT' },
      );
      if (opts.json) return printJson(out);
      const diff = out.diff
        .map((p) => (p.op === 'same' ? p.text : p.op === 'said' ? `[-${p.text}-]` : `{+${p.text}+}`))
        .join(' ');
      const id = (i: typeof out.tts) =>
        [
          i.preset ?? i.engine,
          i.model,
          i.endpoint,
          i.command && !i.preset ? i.command.join(' ') : undefined,
          i.model_sha256 ? `sha256 ${i.model_sha256.slice(0, 12)}` : undefined,
        ]
          .filter(Boolean)
          .join(' ');
      process.stdout.write(
        [
          `said:   ${out.said}`,
          `heard:  ${out.heard || '(nothing)'}`,
          `diff:   ${diff}   ([-said-] {+heard+}, normalised words)`,
          `word error rate: ${out.word_error_rate === null ? 'n/a (no words)' : `${(out.word_error_rate * 100).toFixed(1)}%`} (${out.word_errors.substitutions} replaced, ${out.word_errors.deletions} lost, ${out.word_errors.insertions} added, of ${out.word_errors.words} normalised words)`,
          `timings: tts ${out.timings.tts_ms} ms${out.timings.tts_first_audio_ms !== undefined ? ` (first audio ${out.timings.tts_first_audio_ms} ms)` : ''}, stt ${out.timings.stt_ms} ms, audio ${(out.timings.audio_ms / 1000).toFixed(1)} s`,
          `tts: ${id(out.tts)}`,
          `stt: ${id(out.stt)}`,
          `verdict: ${out.verdict}`,
          '',
        ].join('\n'),
      );
      if (!out.usable) process.exitCode = 1;
    });
  withDbOption(
    speech
      .command('cache')
      .description(
        'the speech round-trip cache: what each TTS/STT pair heard of a line, kept across runs by content hash (engines, voice, text, line); --clear empties it (after upgrading an engine)',
      )
      .option('--clear', 'remove every cached round trip')
      .option('--json', 'print JSON'),
  ).action(async (opts: { db?: string; clear?: boolean; json?: boolean }) => {
    const { useApp } = await import('../use-app.js');
    await useApp(opts, async (_app, door) => {
      const stats = await door.call('speech.cache', { clear: !!opts.clear });
      if (opts.json) return printJson(stats);
      process.stdout.write(
        `${opts.clear ? 'cleared; ' : ''}${stats.entries} cached round trip(s), ${formatBytes(stats.bytes)}, ${stats.hits} hit(s)\n`,
      );
    });
  });
}
