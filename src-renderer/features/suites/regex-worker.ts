/**
 * Runs the "test this pattern" box off the main thread, so a catastrophic pattern cannot freeze
 * the window: the page terminates this worker when it takes too long.
 */
interface Req {
  id: number;
  source: string;
  flags: string;
  lines: string[];
}

const scope = self as unknown as { onmessage: (e: MessageEvent<Req>) => void; postMessage: (m: unknown) => void };

scope.onmessage = (e) => {
  const { id, source, flags, lines } = e.data;
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch (err) {
    scope.postMessage({ id, error: (err as Error).message });
    return;
  }
  const hits: { line: number; start: number; end: number }[] = [];
  lines.forEach((text, line) => {
    const m = re.exec(text);
    if (m) hits.push({ line, start: m.index, end: m.index + m[0].length });
  });
  scope.postMessage({ id, hits });
};
export {};
