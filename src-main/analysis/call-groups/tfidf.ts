/**
 * TF-IDF vectors of documents given as term lists, L2-normalised so Euclidean k-means groups them by cosine.
 * Terms in fewer than `minDocs` documents are left out (a word said in one call names no group). Written here
 * rather than taken from a library: it is twenty lines of arithmetic, and the NLP packages that carry it
 * (natural, wink) bring tokenisers and corpora Parley does not use.
 */
export interface TermVectors {
  terms: string[];
  vectors: number[][];
}

export function tfidf(docs: string[][], minDocs = 2): TermVectors {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df].filter(([, n]) => n >= Math.min(minDocs, docs.length)).map(([t]) => t);
  terms.sort();
  const index = new Map(terms.map((t, i) => [t, i]));
  const idf = terms.map((t) => Math.log((1 + docs.length) / (1 + df.get(t)!)) + 1);
  const vectors = docs.map((d) => {
    const v = new Array<number>(terms.length).fill(0);
    for (const t of d) {
      const i = index.get(t);
      if (i !== undefined) v[i] += 1;
    }
    for (let i = 0; i < v.length; i++) v[i] *= idf[i];
    const norm = Math.hypot(...v);
    return norm > 0 ? v.map((x) => x / norm) : v;
  });
  return { terms, vectors };
}
