import { describe, expect, it } from 'vitest';
import { parseModelParams } from '../../../src-shared/schemas/model.js';

describe('parseModelParams (the CLI --agent-params KEY=VALUE list)', () => {
  it('reads numbers as numbers and strings as strings', () => {
    expect(parseModelParams('temperature=0.3, seed=7,chat_wrapper=chatml')).toEqual({
      temperature: 0.3,
      seed: 7,
      chat_wrapper: 'chatml',
    });
    expect(parseModelParams('gpu_layers=auto')).toEqual({ gpu_layers: 'auto' });
  });

  it('refuses unknown keys, bad values, duplicates and items without a value, naming them', () => {
    expect(() => parseModelParams('temp=0')).toThrow(/unknown parameter "temp" \(expected one of temperature, top_p/);
    expect(() => parseModelParams('temperature=hot')).toThrow(/parameter "temperature" = "hot": .*expected number/);
    expect(() => parseModelParams('temperature=3')).toThrow(/parameter "temperature" = 3: .*<=2/);
    expect(() => parseModelParams('seed=1.5')).toThrow(/parameter "seed" = 1.5/);
    expect(() => parseModelParams('seed=1,seed=2')).toThrow(/"seed" is given twice/);
    expect(() => parseModelParams('temperature')).toThrow(/"temperature": expected KEY=VALUE/);
  });
});
