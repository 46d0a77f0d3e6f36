import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { TestCaseInput } from '../../../src-shared/schemas/index.js';
import { api, ApiClientError } from '../../api/client.js';
import { useApiMutation } from '../../api/hooks.js';
import { useSuggestionAgent } from '../../ui/AgentSelect.js';
import { useDraft } from '../../ui/use-draft.js';
import { useFlash } from '../../ui/use-flash.js';
import { downloadText, type ShownError } from '../../ui/widgets.js';
import type { JsonText, JsonTexts } from './JsonField.js';
import {
  duplicateTest,
  errorsNamingTests,
  moveTest,
  newTestCase,
  testIndexOf,
  validateSuite,
  type SuiteDraft,
} from './suite-form.js';

export const suiteDraftKey = (id: string) => `parley.draft.suite.${id}`;
/** A new suite's editor is replaced by the saved one's: this carries the "Saved" note across. */
let savedJustNow: string | null = null;

export type SuiteConfirm = null | { kind: 'delete-test'; index: number } | { kind: 'delete-suite' };

/**
 * The suite editor's state: the draft (kept on this computer until saved), the selected test, the JSON
 * boxes' texts, the errors shown after a save attempt (the form's and the server's), and saving,
 * exporting and deleting. Pure rules (validation, test list moves) are in suite-form.ts.
 */
export function useSuiteEditor(id: string | undefined, baseline: SuiteDraft) {
  const [, navigate] = useLocation();
  const storageKey = suiteDraftKey(id ?? 'new');
  const d = useDraft<SuiteDraft>(storageKey, baseline);
  const { draft, setDraft } = d;
  const [selected, setSelected] = useState(0);
  const [jsonTexts, setJsonTexts] = useState<Record<string, JsonText>>({});
  const [shownErrors, setShownErrors] = useState<ShownError[] | null>(null);
  const [serverErrors, setServerErrors] = useState<ShownError[]>([]);
  const [confirm, setConfirm] = useState<SuiteConfirm>(null);
  const [flash, setFlash] = useFlash<string>(
    () => (id && savedJustNow === id ? 'Saved.' : null),
    2500,
    () => {
      savedJustNow = null;
    },
  );
  const save = useApiMutation('suites.save', ['suites.list', 'suites.get']);
  const del = useApiMutation('suites.delete', ['suites.list']);
  const suggestions = useSuggestionAgent();

  const texts: JsonTexts = useMemo(
    () => ({
      get: (p) => jsonTexts[p],
      set: (p, v) =>
        setJsonTexts((cur) => {
          const next = { ...cur };
          if (v) next[p] = v;
          else delete next[p];
          return next;
        }),
    }),
    [jsonTexts],
  );
  const jsonErrors: ShownError[] = Object.entries(jsonTexts)
    .filter(([, v]) => v.error)
    .map(([path, v]) => ({ path, message: v.error! }));
  const tests = (draft.tests ?? []) as TestCaseInput[];
  const current = Math.min(selected, Math.max(0, tests.length - 1));
  const errors = shownErrors ? [...validateSuite(draft, jsonErrors).errors, ...serverErrors] : [];

  /** New tests; a structural change (order, copies, removals) forgets the JSON boxes' texts of the tests. */
  const setTests = (next: TestCaseInput[], structural = false) => {
    if (structural)
      setJsonTexts((cur) => Object.fromEntries(Object.entries(cur).filter(([k]) => !k.startsWith('tests['))));
    setDraft((x) => ({ ...x, tests: next }));
  };
  const moved = (r: { tests: TestCaseInput[]; selected: number } | null) => {
    if (!r) return;
    setTests(r.tests, true);
    setSelected(r.selected);
  };

  const onSave = async () => {
    setServerErrors([]);
    const { suite, errors: found } = validateSuite(draft, jsonErrors);
    setShownErrors(found);
    if (!suite) {
      const first = found.map((e) => testIndexOf(e.path)).find((i) => i !== undefined);
      if (first !== undefined) setSelected(first);
      return;
    }
    try {
      const doc = await save.mutateAsync({ id, suite, agent_id: suggestions.agentId || undefined });
      d.markSaved(doc.data, suiteDraftKey('new'));
      setShownErrors(null);
      setFlash('Saved.');
      if (!id) {
        savedJustNow = doc.id;
        navigate(`/suites/${doc.id}`, { replace: true });
      }
    } catch (e) {
      if (e instanceof ApiClientError && e.error.issues?.length)
        setServerErrors(e.error.issues.map((i) => ({ path: i.path.replace(/^suite\./, ''), message: i.message })));
    }
  };
  const onExport = async (format: 'parley' | 'voicetest') => {
    if (!id) return;
    const out = await api.call('suites.export', { id, format }).catch((e: Error) => {
      setFlash(`Export failed: ${e.message}`);
      return undefined;
    });
    if (out) downloadText(out.filename, out.text);
  };
  const deleteSuite = () => {
    if (id)
      void del.mutateAsync({ id }).then(() => {
        localStorage.removeItem(storageKey);
        navigate('/suites');
      });
  };
  /** After "Cover the gaps" added tests: the saved suite replaces the form when it holds no edits. */
  const reloadSaved = () => {
    if (id)
      void api.call('suites.get', { id }).then((x) => {
        if (!d.dirty) d.markSaved(x.data);
      });
  };

  return {
    ...d,
    tests,
    current,
    setSelected,
    texts,
    errors,
    listed: errorsNamingTests(errors, tests),
    errorAt: (path: string) => errors.find((e) => e.path === path)?.message,
    flash,
    saving: save.isPending,
    saveError: save.error && !serverErrors.length ? save.error : null,
    onSave,
    onExport,
    confirm,
    setConfirm,
    deleteSuite,
    reloadSaved,
    suggestions,
    addTest: () => {
      setTests([...tests, newTestCase(tests)]);
      setSelected(tests.length);
    },
    duplicateTest: (i: number) => moved(duplicateTest(tests, i)),
    moveTest: (i: number, dir: -1 | 1) => moved(moveTest(tests, i, dir)),
    removeTest: (i: number) => {
      setTests(
        tests.filter((_, j) => j !== i),
        true,
      );
      setSelected(Math.max(0, i - 1));
    },
    setTest: (t: TestCaseInput) => setTests(tests.map((x, i) => (i === current ? t : x))),
  };
}

export type SuiteEditorState = ReturnType<typeof useSuiteEditor>;
