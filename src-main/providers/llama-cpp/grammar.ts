/** JSON-schema grammars for structured calls, cached per model runtime and schema. */
import type { Llama, LlamaGrammar, LlamaModel, TokenBias } from 'node-llama-cpp';
import { mapSchema, type JsonSchema } from '../shared/json-schema.js';
import { intRangeRule, numberRangeRule } from './number-range.js';

/** Integer ranges up to this size become an enum, so the grammar itself enforces the bounds. */
const MAX_ENUM_RANGE = 128;
const PLACEHOLDER = (i: number) => `__parley_number_${i}__`;
const SAFE = (n: number) => Number.isSafeInteger(n) && Math.abs(n) < 1e15;

/**
 * Adapts a schema to node-llama-cpp's grammar subset: small integer ranges become enums, and
 * bounded numbers get placeholders replaced by range rules (its grammar does not enforce
 * minimum/maximum). Returns the schema and the rules to splice in. Other bounds are checked
 * (and clamped) after generation.
 */
export function toGrammarSchema(schema: JsonSchema): { schema: JsonSchema; rules: string[] } {
  const rules: string[] = [];
  const out = mapSchema(schema, (s) => {
    const lo = s.minimum;
    const hi = s.maximum;
    if (typeof lo !== 'number' || typeof hi !== 'number') return s;
    // `type: ['number', 'null']` (a nullable bounded number): bound the number, allow null beside it.
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    const numeric = types.find((t) => t === 'integer' || t === 'number');
    if (!numeric) return s;
    const nullable = types.includes('null');
    const bounded = boundedNumber({ ...s, type: numeric }, lo, hi, rules);
    if (!bounded) return s;
    // oneOf, not anyOf: node-llama-cpp's grammar keeps only the last branch of an anyOf.
    return nullable ? { oneOf: [bounded, { type: 'null' }] } : bounded;
  });
  return { schema: out, rules };
}

/** The grammar replacement for a bounded number or integer (an enum or a range-rule placeholder), or undefined. */
function boundedNumber(s: JsonSchema, lo: number, hi: number, rules: string[]): JsonSchema | undefined {
  const placeholder = (rule: string): JsonSchema => {
    rules.push(rule);
    return { const: PLACEHOLDER(rules.length - 1) };
  };
  if (s.type === 'integer') {
    const a = Math.ceil(lo);
    const b = Math.floor(hi);
    if (b >= a && b - a <= MAX_ENUM_RANGE) {
      const e: JsonSchema = { enum: Array.from({ length: b - a + 1 }, (_, i) => a + i) };
      if (s.description) e.description = s.description;
      return e;
    }
    if (b >= a && SAFE(a) && SAFE(b)) return placeholder(intRangeRule(a, b));
    return undefined;
  }
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi <= lo || !SAFE(lo) || !SAFE(hi)) return undefined;
  if (lo >= 0) return placeholder(numberRangeRule(lo, hi));
  // Negative lower bound: a sign and the magnitude's range, or a non-negative part up to hi.
  const negative = `"-" ${numberRangeRule(0, -lo)}`;
  return placeholder(hi > 0 ? `( ${negative} | ${numberRangeRule(0, hi)} )` : `( ${negative} )`);
}

/** Builds the GBNF text: node-llama-cpp's JSON-schema grammar with our number-range rules spliced in. */
export async function grammarTextFor(llama: Llama, schema: JsonSchema): Promise<string> {
  const { schema: gs, rules } = toGrammarSchema(schema);
  const base = await llama.createGrammarForJsonSchema(gs as never);
  let text = base.grammar;
  rules.forEach((rule, i) => {
    const literal = `"\\"${PLACEHOLDER(i)}\\""`;
    if (!text.includes(literal)) throw new Error(`internal: number placeholder ${i} not found in grammar`);
    text = text.split(literal).join(rule);
  });
  return text;
}

const grammarCache = new WeakMap<Llama, Map<string, Promise<LlamaGrammar>>>();

export function grammarFor(llama: Llama, schema: JsonSchema): Promise<LlamaGrammar> {
  let cache = grammarCache.get(llama);
  if (!cache) grammarCache.set(llama, (cache = new Map()));
  const key = JSON.stringify(schema);
  let g = cache.get(key);
  if (!g) {
    g = (async () => {
      const [{ LlamaText }, grammar] = await Promise.all([import('node-llama-cpp'), grammarTextFor(llama, schema)]);
      // same stop trigger and trimming as node-llama-cpp's own JSON-schema grammar
      return llama.createGrammar({
        grammar,
        stopGenerationTriggers: [LlamaText(['\n'.repeat(4)])],
        trimWhitespaceSuffix: true,
      });
    })();
    g.catch(() => cache!.delete(key));
    if (cache.size > 200) cache.delete(cache.keys().next().value as string);
    cache.set(key, g);
  }
  return g;
}

const biasCache = new WeakMap<LlamaModel, Promise<TokenBias | undefined>>();

/**
 * For SentencePiece-style vocabularies: forbids the byte-fallback tokens that are not plain ASCII
 * in structured output. Random or weak models otherwise emit invalid UTF-8 byte sequences, which
 * llama.cpp's grammar counts differently from JSON (a string could break its maxLength once
 * decoded). Common non-ASCII characters still come out through regular vocabulary tokens.
 */
export function asciiBytesOnlyBias(model: LlamaModel): Promise<TokenBias | undefined> {
  let p = biasCache.get(model);
  if (!p) {
    p = (async () => {
      const { TokenBias, LlamaVocabularyType } = await import('node-llama-cpp');
      if (model.vocabularyType !== LlamaVocabularyType.spm && model.vocabularyType !== LlamaVocabularyType.ugm)
        return undefined;
      const bias = new TokenBias(model.tokenizer);
      let n = 0;
      for (const t of model.iterateAllTokens()) {
        if (!model.getTokenAttributes(t).byte) continue;
        const s = model.detokenize([t]);
        if (s.length !== 1 || s.charCodeAt(0) >= 0x7f || s.charCodeAt(0) === 0) {
          bias.set(t, 'never');
          n++;
        }
      }
      return n ? bias : undefined;
    })();
    biasCache.set(model, p);
  }
  return p;
}
