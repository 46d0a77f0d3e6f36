import { beforeEach, describe, expect, it } from 'vitest';
import { deleteElements, updateNode } from '../../../../src-renderer/features/graph-editor/model/graph-ops.js';
import { isDirty, useEditor } from '../../../../src-renderer/features/graph-editor/state/editor-store.js';
import { sampleGraph } from './fixtures.js';

const s = () => useEditor.getState();
const rename = (name: string) => (g: ReturnType<typeof sampleGraph>) => updateNode(g, 'greet', (n) => ({ ...n, name }));

describe('editor store', () => {
  beforeEach(() => s().load('ag1', 'av1', sampleGraph()));

  it('loads a graph clean, lays out graphs without positions, and tracks unsaved changes by content', () => {
    expect(isDirty(s())).toBe(false);
    s().apply(rename('Hello'));
    expect(isDirty(s())).toBe(true);
    s().apply(rename('Greeting'));
    expect(s().history.present).not.toBe(s().saved);
    expect(isDirty(s())).toBe(false);
    const g = sampleGraph();
    s().load('ag2', 'av2', { ...g, nodes: g.nodes.map(({ position: _p, ...n }) => n) as typeof g.nodes });
    expect(s().history.present.nodes.every((n) => n.position)).toBe(true);
    expect(isDirty(s())).toBe(false);
  });

  it('groups keyed edits into one undo step and undoes structural edits one by one', () => {
    s().apply(rename('H'), 'greet:name');
    s().apply(rename('He'), 'greet:name');
    s().apply(rename('Hey'), 'greet:name');
    s().apply((g) => deleteElements(g, ['end']));
    s().undo();
    expect(s().history.present.nodes.some((n) => n.id === 'end')).toBe(true);
    expect(s().history.present.nodes[0]!.name).toBe('Hey');
    s().undo();
    expect(s().history.present.nodes[0]!.name).toBe('Greeting');
    s().redo();
    expect(s().history.present.nodes[0]!.name).toBe('Hey');
  });

  it('drops deleted elements from the selection, including after undo/redo', () => {
    s().select({ nodes: ['end', 'greet'], edges: ['premium::t4'] });
    s().apply((g) => deleteElements(g, ['end']));
    expect(s().selection).toEqual({ nodes: ['greet'], edges: [] });
    s().select({ nodes: ['end_copy'] });
    s().undo();
    expect(s().selection.nodes).toEqual([]);
  });

  it('ignores edits that change nothing and marks a save as the new baseline', () => {
    const h = s().history;
    s().apply((g) => g);
    expect(s().history).toBe(h);
    s().apply(rename('Saved name'));
    s().markSaved(s().history.present, 'av2');
    expect(isDirty(s())).toBe(false);
    expect(s().baseVersionId).toBe('av2');
  });
});
