import { addToStoredSuite, pinStoredTurn } from './pin.js';
import type { Methods } from '../method-table.js';

/** "Make a test from this turn" (issue 34): app/runs/pin.ts, the same as `parley pin`. */
export const runPinMethods: Methods = {
  'runs.pin': (ctx, { run_id, result_id, turn, suite_id }) => {
    const { test, notes } = pinStoredTurn(ctx.store, { run: run_id, result: result_id, turn });
    const added = suite_id ? addToStoredSuite(ctx.store, suite_id, test) : null;
    return { test, notes, added };
  },
};
