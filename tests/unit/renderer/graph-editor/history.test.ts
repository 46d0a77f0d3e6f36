import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  push,
  redo,
  undo,
} from '../../../../src-renderer/features/graph-editor/model/history.js';

describe('undo history', () => {
  it('undoes and redoes in order, and a new change drops the redo branch', () => {
    let h = createHistory('a');
    h = push(h, 'b', { now: 0 });
    h = push(h, 'c', { now: 5000 });
    expect(h.present).toBe('c');
    h = undo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = push(h, 'x', { now: 9000 });
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual(['a', 'b']);
  });

  it('merges quick edits with the same key into one step, but not after a pause or with another key', () => {
    let h = createHistory('');
    h = push(h, 'h', { key: 'name', now: 1000 });
    h = push(h, 'he', { key: 'name', now: 1200 });
    h = push(h, 'hey', { key: 'name', now: 1900 });
    expect(h.past).toEqual(['']);
    h = push(h, 'hey!', { key: 'name', now: 4000 });
    expect(h.past).toEqual(['', 'hey']);
    h = push(h, 'hey!?', { key: 'other', now: 4100 });
    expect(h.past).toEqual(['', 'hey', 'hey!']);
    expect(undo(undo(undo(h))).present).toBe('');
  });

  it('ignores a push of the same value and keeps at most `limit` steps', () => {
    let h = createHistory(0);
    expect(push(h, 0)).toBe(h);
    for (let i = 1; i <= 10; i++) h = push(h, i, { limit: 3, now: i * 10_000 });
    expect(h.past).toEqual([7, 8, 9]);
    expect(h.present).toBe(10);
  });
});
