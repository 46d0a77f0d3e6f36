/**
 * Speech engine specs, parsed like model specs:
 *   openai:MODEL[@BASE_URL]          the OpenAI audio protocol (cloud or a local server)
 *   command:PROGRAM ARG ...          an argv template (no shell), or command:["prog","arg",...]
 *   whisper:MODEL.bin                in-process speech-to-text (whisper.cpp through @fugood/whisper.node)
 *   espeak-ng | say | piper:MODEL.onnx | pocketsphinx | whisper-cli:MODEL.bin   built-in presets
 * Placeholders in a command: {text} (tts; only after `--` or inside an argument such as
 * `--text={text}`, never where an option is read), {text_file} (tts: a temp file holding the text),
 * without either the text goes to stdin; {voice}, {out} (a temp file the program writes: WAV for tts,
 * text for stt; without it stdout is read), {in} (stt: a temp 16 kHz mono WAV; without it the WAV
 * goes to stdin).
 */
import path from 'node:path';
import { findPreset, SPEECH_PRESETS } from './presets.js';
import { speechError } from './errors.js';

export type SpeechRole = 'tts' | 'stt';

export type SpeechSpec =
  | { engine: 'openai'; model: string; baseUrl?: string; raw: string }
  | { engine: 'command'; argv: string[]; preset?: string; model?: string; raw: string }
  | { engine: 'whisper'; model: string; raw: string };

const presetNames = (role: SpeechRole) =>
  SPEECH_PRESETS.filter((p) => p.role === role)
    .map((p) => (p.needsModel ? `${p.name}:MODEL` : p.name))
    .join(', ');

export const speechSpecHelp = (role: SpeechRole) =>
  `expected openai:MODEL[@BASE_URL],${role === 'stt' ? ' whisper:MODEL.bin (in-process),' : ''} command:PROGRAM ARGS... (placeholders ${role === 'tts' ? '{text_file} {voice} {out}; without {text_file} the text goes to stdin' : '{in} {out}'}) or a preset: ${presetNames(role)}`;

/** Placeholders a command template may hold; a preset's model path may not hold any of them. */
const PLACEHOLDER = /\{(text|text_file|voice|out|in)\}/;

/**
 * Where an argument of a `command:` template would let the spoken text be read as an option: an
 * argument that starts with `{text}` (the text itself starts it, so `--phonout=FILE` or `-fFILE` is
 * an option to the program) with no `--` (end of options) before it. Undefined when the template is safe.
 */
export function bareTextProblem(argv: string[]): string | undefined {
  const end = argv.indexOf('--', 1);
  const at = argv.findIndex((a, i) => i > 0 && a.startsWith('{text}') && (end < 0 || i < end));
  if (at < 0) return undefined;
  return `argument ${at} "${argv[at]}" puts the spoken text where the program reads options (a line "-fFILE" or "--output=FILE" would become one); leave {text} out so the text goes to stdin, use {text_file} (a temp file holding the text), or put -- before {text}`;
}

/** Splits `prog "two words" 'x'` into argv; quotes group, backslash escapes. No expansion of any kind. */
export function splitArgv(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: '"' | "'" | undefined;
  let has = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < s.length) cur += s[++i];
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      has = true;
    } else if (c === '\\' && i + 1 < s.length) {
      cur += s[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else cur += c;
  }
  if (quote) throw new Error(`unclosed ${quote} quote`);
  if (has || cur) out.push(cur);
  return out;
}

export function parseSpeechSpec(raw: string, role: SpeechRole): SpeechSpec {
  const spec = raw.trim();
  const bad = (detail: string) =>
    speechError({ role, engine: spec.split(':')[0] || spec }, 'invalid_spec', `spec "${raw}": ${detail}`);
  if (!spec) throw bad(speechSpecHelp(role));
  const colon = spec.indexOf(':');
  const head = colon < 0 ? spec : spec.slice(0, colon);
  const rest = colon < 0 ? '' : spec.slice(colon + 1);
  if (head === 'openai') {
    const at = rest.indexOf('@');
    const model = (at < 0 ? rest : rest.slice(0, at)).trim();
    const baseUrl = at < 0 ? undefined : rest.slice(at + 1).trim();
    if (!model)
      throw bad(`missing the model name after "openai:" (e.g. openai:${role === 'tts' ? 'tts-1' : 'whisper-1'})`);
    if (at >= 0) {
      if (!baseUrl) throw bad('missing the base URL after "@"');
      try {
        const u = new URL(baseUrl);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http');
      } catch {
        throw bad(`"${baseUrl}" is not an http(s) URL`);
      }
    }
    return { engine: 'openai', model, ...(baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, '') } : {}), raw: spec };
  }
  if (head === 'whisper') {
    if (role === 'tts')
      throw bad('whisper is a speech-to-text engine; for text-to-speech use openai:MODEL, command:... or a preset');
    const model = rest.trim();
    if (!model) throw bad('whisper needs a model file: whisper:/path/to/ggml-base.en.bin');
    return { engine: 'whisper', model: path.resolve(model), raw: spec };
  }
  if (head === 'command') {
    let argv: string[];
    try {
      const t = rest.trim();
      argv = t.startsWith('[') ? JSON.parse(t) : splitArgv(t);
    } catch (e) {
      throw bad(`the argv template could not be read: ${(e as Error).message}`);
    }
    if (!Array.isArray(argv) || !argv.length || argv.some((a) => typeof a !== 'string') || !argv[0])
      throw bad('expected a program and its arguments after "command:", e.g. command:espeak-ng -w {out} --stdin');
    if (argv[0].includes('{')) throw bad(`the program "${argv[0]}" may not be a placeholder`);
    const bare = role === 'tts' ? bareTextProblem(argv) : undefined;
    if (bare) throw bad(bare);
    return { engine: 'command', argv, raw: spec };
  }
  const preset = findPreset(head);
  if (!preset) throw bad(`unknown engine "${head}"; ${speechSpecHelp(role)}`);
  if (preset.role !== role)
    throw bad(
      `${preset.name} is a ${preset.role === 'tts' ? 'text-to-speech' : 'speech-to-text'} engine; for ${role === 'tts' ? 'text-to-speech' : 'speech-to-text'} use ${presetNames(role)}, openai:MODEL or command:...`,
    );
  if (preset.needsModel && !rest) throw bad(`${preset.name} needs a model file: ${preset.name}:/path/to/model`);
  if (!preset.needsModel && rest) throw bad(`${preset.name} takes no model ("${rest}")`);
  if (PLACEHOLDER.test(rest)) throw bad(`the model file "${rest}" may not hold a placeholder such as {text}`);
  return {
    engine: 'command',
    argv: preset.argv.map((a) => a.replaceAll('{model}', rest)),
    preset: preset.name,
    ...(rest ? { model: rest } : {}),
    raw: spec,
  };
}
