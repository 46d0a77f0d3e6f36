import { describe, expect, it } from 'vitest';
import {
  CHECK_KINDS,
  checkKindMeta,
  checkKindVerdict,
  emptyPathAssertion,
  nodesToVisit,
  PATH_END_NODE,
  PATH_NODE_LISTS,
  pathAssertion,
  targetsNode,
} from '../../../../src-shared/checks/check-kinds.js';
import { PathAssertion } from '../../../../src-shared/schemas/index.js';

describe('the shared list of check kinds', () => {
  it('has unique ids, each with a label, help and the result page wording', () => {
    const ids = CHECK_KINDS.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const k of CHECK_KINDS) {
      expect(k.label.length).toBeGreaterThan(0);
      expect(k.help.length).toBeGreaterThan(0);
      expect(checkKindMeta(k.id)).toBe(k);
    }
  });

  it('the result page words a kind as before (its id with spaces), an unknown kind too', () => {
    for (const k of CHECK_KINDS) expect(checkKindVerdict(k.id)).toBe(k.id.replace(/_/g, ' '));
    expect(checkKindVerdict('some_new_kind')).toBe('some new kind');
  });

  it('the kinds naming a node are the path assertions', () => {
    expect(CHECK_KINDS.filter((k) => targetsNode(k.id)).map((k) => k.id)).toEqual([
      'must_visit',
      'must_not_visit',
      'ends_at',
    ]);
    expect(targetsNode('unknown')).toBe(false);
  });

  it('the path fields are the path assertion schema keys, each a kind of the list', () => {
    const fields = [...PATH_NODE_LISTS.map((p) => p.field), PATH_END_NODE.field];
    expect(fields.sort()).toEqual(Object.keys(PathAssertion.shape).sort());
    for (const p of [...PATH_NODE_LISTS, PATH_END_NODE]) expect(p.meta.id).toBe(p.field);
  });
});

describe('path assertions built and read without spelling their keys', () => {
  it('builds what the schema reads', () => {
    expect(pathAssertion({ visit: ['a'], avoid: ['b'], endsAt: 'c' })).toEqual(
      PathAssertion.parse({ must_visit: ['a'], must_not_visit: ['b'], ends_at: 'c' }),
    );
    expect(pathAssertion({ avoid: ['b'] })).toStrictEqual({ must_visit: [], must_not_visit: ['b'] });
    expect(emptyPathAssertion()).toStrictEqual(PathAssertion.parse({}));
  });

  it('reads the nodes to visit', () => {
    expect(nodesToVisit({ path: pathAssertion({ visit: ['x', 'y'] }) })).toEqual(['x', 'y']);
    expect(nodesToVisit(undefined)).toEqual([]);
    expect(nodesToVisit({})).toEqual([]);
  });
});
