import type { Command } from 'commander';
import { printJson } from '../output.js';
import { phoneNoise } from '../speech-flags.js';

interface SpeechTestCliOptions {
  tts?: string;
  stt?: string;
  voice?: string;
  phoneNoise?: string;
  json?: boolean;
}

export function registerSpeech(program: Command): void {
  const speech = program.command('speech').description('speech engines (TTS and STT): try a pair before a run uses it');
  speech
    .command('test [text]')
    .description(
      'speak TEXT with --tts, recognise it with --stt, and print what was said, what was heard, the word diff, the timings and the engines',
    )
    .requiredOption(
      '--tts <spec>',
      'text-to-speech engine: espeak-ng, say, piper:VOICE.onnx, openai:MODEL[@URL], command:...',
    )
    .requiredOption(
      '--stt <spec>',
      'speech-to-text engine: pocketsphinx, whisper-cli:MODEL.bin, openai:MODEL[@URL], command:...',
    )
    .option('--voice <name>', 'voice (engine specific: en-gb for espeak-ng, alloy for openai)')
    .option('--phone-noise <level>', 'through a simulated phone line: 8 kHz band limit plus seeded noise (0 to 1)')
    .option('--json', 'print JSON')
    .action(async (text: string | undefined, opts: SpeechTestCliOptions) => {
      const noise = phoneNoise('--phone-noise', opts.phoneNoise);
      const { speechTest } = await import('../../app/speech-test.js');
      const { asCli } = await import('../errors.js');
      const out = await asCli(
        () => speechTest({ tts: opts.tts!, stt: opts.stt!, text, voice: opts.voice, phone_noise: noise }),
        { text: 'TEXT' },
      );
      if (opts.json) return printJson(out);
      const diff = out.diff
        .map((p) => (p.op === 'same' ? p.text : p.op === 'said' ? `[-${p.text.trim()}-] ` : `{+${p.text.trim()}+} `))
        .join('');
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
          `diff:   ${diff.trim()}   ([-said-] {+heard+})`,
          `word error rate: ${(out.word_error_rate * 100).toFixed(0)}%`,
          `timings: tts ${out.timings.tts_ms} ms${out.timings.tts_first_audio_ms !== undefined ? ` (first audio ${out.timings.tts_first_audio_ms} ms)` : ''}, stt ${out.timings.stt_ms} ms, audio ${(out.timings.audio_ms / 1000).toFixed(1)} s`,
          `tts: ${id(out.tts)}`,
          `stt: ${id(out.stt)}`,
          '',
        ].join('\n'),
      );
    });
}
