import { useEffect, useState } from 'react';

const KEY = 'parley.reviewer';

/**
 * The reviewer's name, remembered: the last name used on this database (from `labels.list`), else
 * the last one typed in this browser.
 */
export function useReviewerName(fromDb: string | null | undefined): [string, (v: string) => void] {
  const [name, setName] = useState(() => localStorage.getItem(KEY) ?? '');
  useEffect(() => {
    if (fromDb && !localStorage.getItem(KEY)) setName(fromDb);
  }, [fromDb]);
  const set = (v: string) => {
    setName(v);
    if (v.trim()) localStorage.setItem(KEY, v);
    else localStorage.removeItem(KEY);
  };
  return [name, set];
}
