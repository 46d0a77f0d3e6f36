import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Result } from '../../../../src-shared/schemas/index.js';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import {
  filterItems,
  labelInput,
  nextKey,
  noteSave,
  reviewItems,
  reviewKeyAction,
  VERDICT_OF,
  type ReviewFilter,
  type ReviewItem,
  type VerdictPatch,
} from './review-queue.js';
import { useReviewerName } from './reviewer-name.js';

/** Rows of the queue drawn at once, and how many of them come before the current one. */
const WINDOW = 200;
const WINDOW_BEFORE = 50;

/**
 * The review queue's state: the run's verdicts with their labels, the filter, the current verdict,
 * the note being typed (and a note kept for an unreviewed verdict until its verdict is set), the
 * reviewer's name, and what each key and button does. Pure rules are in review-queue.ts.
 */
export function useReviewQueue(runId: string, results: Result[], onOpenResult: (id: string) => void) {
  const labels = useApi('labels.list', { run_id: runId });
  const [reviewer, setReviewer] = useReviewerName(labels.data?.reviewer);
  const set = useApiMutation('labels.set', ['labels.list', 'labels.agreement']);
  const clear = useApiMutation('labels.clear', ['labels.list', 'labels.agreement']);
  const items = useMemo(() => reviewItems(results, labels.data?.labels ?? []), [results, labels.data]);
  const [filter, setFilter] = useState<ReviewFilter | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [kept, setKept] = useState<{ key: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    queue: useRef<HTMLDivElement>(null),
    note: useRef<HTMLInputElement>(null),
  };

  // the first filter: the unreviewed failures when there are any, else every unreviewed verdict
  useEffect(() => {
    if (filter === null && labels.data)
      setFilter(items.some((i) => !i.label && !i.judge_passed) ? 'unreviewed-failures' : 'unreviewed');
  }, [filter, labels.data, items]);
  useEffect(() => {
    if (note !== null) refs.note.current?.focus();
  }, [note, refs.note]);

  const list = filterItems(items, filter ?? 'unreviewed');
  const current = list.find((i) => i.key === cursor) ?? list[0] ?? null;
  useKeepInView(refs.queue, current?.key ?? null);
  const from = Math.max(0, (current ? list.indexOf(current) : 0) - WINDOW_BEFORE);

  const focusQueue = () => refs.queue.current?.focus();
  const needName = () => {
    if (reviewer.trim()) return false;
    setProblem('Enter your name as reviewer first: labels carry the reviewer’s name.');
    refs.name.current?.focus();
    return true;
  };
  const label = (item: ReviewItem, verdict: VerdictPatch, advance = true) => {
    if (needName()) return;
    setProblem(null);
    const next = advance ? nextKey(list, item.key) : item.key;
    const keptNote = kept?.key === item.key ? kept.text : null;
    set.mutate(labelInput(item, verdict, reviewer, keptNote), {
      onSuccess: () => {
        if (keptNote !== null) setKept(null);
        setCursor(next);
      },
    });
  };
  const openNote = (item: ReviewItem) => {
    setProblem(null);
    setNote(kept?.key === item.key ? kept.text : (item.label?.note ?? ''));
  };
  const closeNote = () => {
    setNote(null);
    focusQueue();
  };
  const saveNote = (item: ReviewItem, text: string) => {
    const how = noteSave(item);
    if (how.kind === 'keep') {
      setKept({ key: item.key, text });
      setProblem(
        text.trim()
          ? 'Note kept: now set the verdict (y, n, p or f) and the note is saved with it.'
          : 'Set a verdict (y, n, p or f) to label this one.',
      );
      closeNote();
      return;
    }
    if (needName()) return;
    set.mutate(labelInput(item, how.verdict, reviewer, text), { onSuccess: closeNote });
  };
  const act = (item: ReviewItem, action: ReturnType<typeof reviewKeyAction>) => {
    const verdict = action ? VERDICT_OF[action] : undefined;
    if (verdict) return label(item, verdict);
    if (action === 'next' || action === 'previous') {
      const i = list.indexOf(item);
      const to = list[Math.min(list.length - 1, Math.max(0, i + (action === 'next' ? 1 : -1)))];
      if (to) setCursor(to.key);
    }
    if (action === 'note') openNote(item);
    if (action === 'clear') clear.mutate({ result_id: item.result_id, criterion: item.criterion });
    if (action === 'open') onOpenResult(item.result_id);
  };
  const onQueueKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // keys typed anywhere else (the note, the reviewer's name) are text, never shortcuts
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey || !current) return;
    const action = reviewKeyAction(e.key);
    if (!action) return;
    e.preventDefault();
    act(current, action);
  };

  return {
    ready: items.length > 0 && !!labels.data,
    items,
    list,
    shown: list.slice(from, from + WINDOW),
    from,
    current,
    filter: filter ?? 'unreviewed',
    setFilter: (f: ReviewFilter) => {
      setFilter(f);
      setCursor(null);
    },
    setCursor,
    reviewer,
    setReviewer,
    note,
    setNote,
    kept,
    problem,
    error: set.error ?? clear.error,
    refs,
    act,
    saveNote,
    closeNote,
    onQueueKey,
  };
}

/** Keeps the current verdict in view inside the queue's own scroll box (never scrolls the page). */
function useKeepInView(queue: RefObject<HTMLDivElement | null>, key: string | null) {
  useEffect(() => {
    const box = queue.current;
    const row = box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!box || !row) return;
    const b = box.getBoundingClientRect();
    const r = row.getBoundingClientRect();
    if (r.top < b.top) box.scrollTop -= b.top - r.top;
    else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
  }, [queue, key]);
}

export type ReviewQueue = ReturnType<typeof useReviewQueue>;
