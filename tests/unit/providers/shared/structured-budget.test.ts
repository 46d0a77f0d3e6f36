import { describe, expect, it } from 'vitest';
import {
  schemaCharBound,
  shrinkSchemaToFit,
  structuredTokenLimit,
} from '../../../../src-main/providers/shared/structured-budget.js';
import { schemaTokenBound } from '../../../../src-main/providers/shared/json-schema.js';

const caller = {
  type: 'object',
  properties: { message: { type: 'string', maxLength: 400 }, done: { type: 'boolean' } },
  required: ['message', 'done'],
};

describe('structured answer budget', () => {
  it('the worst case of a bounded schema in characters; unbounded is Infinity', () => {
    // {"message":"<441>","done":false}: 2 + (7+6+443) + (4+6+5), 10% of the string for escapes
    expect(schemaCharBound(caller)).toBe(473);
    expect(schemaCharBound({ type: 'object', properties: { x: { type: 'string' } } })).toBe(Infinity);
    expect(schemaCharBound({ type: 'string', enum: ['yes', 'no'] })).toBe(5);
  });

  it('max_tokens is raised to the worst case at the model’s characters per token, never lowered', () => {
    expect(structuredTokenLimit(caller, 160, 1)).toBe(481); // the 160 for a 400-character message
    expect(structuredTokenLimit(caller, 100, 4)).toBe(127);
    expect(structuredTokenLimit(caller, 160, 4)).toBe(160);
    expect(structuredTokenLimit(caller, 1000, 1)).toBe(1000);
    expect(structuredTokenLimit({ type: 'object', properties: { x: { type: 'string' } } }, 64, 1)).toBe(64);
  });

  it('with the llama-cpp token bound (6 tokens per character worst case), as the in-process session uses it', () => {
    expect(schemaTokenBound(caller)).toBeGreaterThan(2400);
    const fit = shrinkSchemaToFit(caller, 500, (s) => schemaTokenBound(s));
    expect(schemaTokenBound(fit)).toBeLessThanOrEqual(500);
    expect((fit.properties as { message: { maxLength: number } }).message.maxLength).toBeGreaterThan(60);
  });

  it('shrinks string bounds to fit the room left, keeping at least 8 characters', () => {
    const fit = shrinkSchemaToFit(caller, 192);
    expect(schemaCharBound(fit)).toBeLessThanOrEqual(192);
    const max = (fit.properties as { message: { maxLength: number } }).message.maxLength;
    expect(max).toBeGreaterThan(100);
    expect(max).toBeLessThan(400);
    expect(shrinkSchemaToFit(caller, 1000)).toBe(caller);
    expect((shrinkSchemaToFit(caller, 10).properties as { message: { maxLength: number } }).message.maxLength).toBe(8);
  });
});
