import { kmeans } from 'ml-kmeans';
import { callerTerms } from './call-terms.js';
import { meanSilhouette } from './silhouette.js';
import { tfidf } from './tfidf.js';

export interface CallText {
  /** The result id of the imported call. */
  id: string;
  /** What the caller said, turns joined. */
  caller: string;
}

export interface CallGroup {
  /** The calls of the group, most typical first (nearest to the group's centre). */
  calls: string[];
  /** The terms that weigh most in the group's centre, heaviest first. */
  terms: string[];
}

export interface CallGrouping {
  groups: CallGroup[];
  /** How the number of groups was chosen. */
  k: { value: number; chosen_by: 'given' | 'silhouette' | 'too_few_calls'; silhouette: number };
  /** Calls whose caller said nothing with a term shared by another call: not grouped. */
  ungrouped: string[];
}

/** The largest number of groups tried when none is given. */
export const MAX_AUTO_GROUPS = 6;
/** Restarts of k-means per K (seeded: the same calls always give the same groups); the tightest wins. */
const RESTARTS = 8;

function bestKmeans(vectors: number[][], k: number) {
  let best: { labels: number[]; centroids: number[][]; error: number } | undefined;
  for (let seed = 1; seed <= RESTARTS; seed++) {
    const r = kmeans(vectors, k, { initialization: 'kmeans++', seed, maxIterations: 200 });
    const error = r.computeInformation(vectors).reduce((s, c) => s + (c.error > 0 ? c.error * c.size : 0), 0);
    if (!best || error < best.error) best = { labels: r.clusters, centroids: r.centroids, error };
  }
  return best!;
}

/**
 * Groups calls by what the caller wanted, without a model: TF-IDF over the caller's words (call-terms.ts), k-means
 * (ml-kmeans, k-means++ starts, seeded restarts), and when `k` is not given the K from 2 to 6 with the highest mean
 * silhouette. Deterministic for the same calls.
 */
export function groupCalls(calls: CallText[], k?: number): CallGrouping {
  const docs = calls.map((c) => callerTerms(c.caller));
  const { terms, vectors } = tfidf(docs);
  const usable = calls.map((_, i) => i).filter((i) => vectors[i].some((x) => x > 0));
  const ungrouped = calls.filter((_, i) => !usable.includes(i)).map((c) => c.id);
  const points = usable.map((i) => vectors[i]);
  if (points.length < 2 || !terms.length) {
    const groups = points.length ? [{ calls: usable.map((i) => calls[i].id), terms: [] }] : [];
    return { groups, k: { value: groups.length, chosen_by: 'too_few_calls', silhouette: 0 }, ungrouped };
  }
  const tryK = (n: number) => {
    const r = bestKmeans(points, n);
    return { n, ...r, silhouette: meanSilhouette(points, r.labels) };
  };
  let chosen: ReturnType<typeof tryK>;
  let chosenBy: CallGrouping['k']['chosen_by'];
  if (k !== undefined) {
    chosen = tryK(Math.max(1, Math.min(k, points.length)));
    chosenBy = 'given';
  } else {
    const tries: ReturnType<typeof tryK>[] = [];
    for (let n = 2; n <= Math.min(MAX_AUTO_GROUPS, points.length - 1); n++) tries.push(tryK(n));
    chosen = tries.length ? tries.reduce((a, b) => (b.silhouette > a.silhouette ? b : a)) : tryK(1);
    chosenBy = 'silhouette';
  }
  const groups: CallGroup[] = [];
  for (let g = 0; g < chosen.n; g++) {
    const members = points.map((p, i) => ({ i, p })).filter((_, i) => chosen.labels[i] === g);
    if (!members.length) continue;
    const centre = chosen.centroids[g];
    const dist = (p: number[]) => p.reduce((s, x, j) => s + (x - centre[j]) ** 2, 0);
    members.sort((a, b) => dist(a.p) - dist(b.p));
    const top = centre
      .map((w, j) => ({ w, t: terms[j] }))
      .filter((x) => x.w > 0)
      .sort((a, b) => b.w - a.w || a.t.localeCompare(b.t))
      .slice(0, 5)
      .map((x) => x.t);
    groups.push({ calls: members.map((m) => calls[usable[m.i]].id), terms: top });
  }
  groups.sort((a, b) => b.calls.length - a.calls.length);
  return {
    groups,
    k: { value: groups.length, chosen_by: chosenBy, silhouette: Math.round(chosen.silhouette * 1000) / 1000 },
    ungrouped,
  };
}
