import type { RunEvent } from '../../src-shared/contract/events.js';
import { info } from './output.js';

/** Progress on stderr: a bar redrawn in place on a TTY, else one line per finished conversation. */
export function progress(label: string): { onEvent: (e: RunEvent) => void; end: () => void } {
  const tty = process.stderr.isTTY;
  let total = 0;
  let done = 0;
  const counts = { pass: 0, fail: 0, error: 0 };
  const draw = (last = '') => {
    const width = 24;
    const filled = total ? Math.round((done / total) * width) : 0;
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}  pass ${counts.pass} fail ${counts.fail} error ${counts.error}  ${last}`;
    const cols = Math.max(20, (process.stderr.columns || 100) - 1);
    process.stderr.write(`\r${line.slice(0, cols).padEnd(cols)}`);
  };
  return {
    onEvent(e) {
      if (e.type === 'run.started') {
        total = e.total;
        if (tty) draw();
      }
      if (e.type === 'test.finished') {
        done++;
        if (e.status === 'pass' || e.status === 'fail' || e.status === 'error') counts[e.status]++;
        if (tty) draw(e.test);
        else
          info(
            `${e.status.toUpperCase().padEnd(5)} ${e.test}${e.repeat ? ` #${e.repeat + 1}` : ''}  ${(e.duration_ms / 1000).toFixed(1)}s  [${done}/${total}]`,
          );
      }
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}
