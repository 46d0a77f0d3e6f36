import type { RedteamFindingRow } from '../../../src-shared/contract/redteam.js';

/** The result page of a finding's conversation, opened at its turn (`?turn=N`, from 1, as on screen). */
export const findingHref = (runId: string, f: Pick<RedteamFindingRow, 'result_id' | 'turn'>): string =>
  `/runs/${runId}?result=${encodeURIComponent(f.result_id)}${f.turn !== null ? `&turn=${f.turn}` : ''}`;
