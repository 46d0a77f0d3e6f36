/** System variables that every conversation has (seed 002 "system variables"). */
export const SYSTEM_VARIABLES = [
  'current_time',
  'current_date',
  'call_id',
  'user_number',
  'turn',
  'silences',
  'caller_silent',
] as const;
export type SystemVariable = (typeof SYSTEM_VARIABLES)[number];

export interface SystemContext {
  callId: string;
  /** Default `+15550100000` (a reserved fictional number) unless the test gives `user_number`. */
  userNumber?: string;
  /** Injected clock for reproducible tests. */
  now?: () => Date;
  /** Caller turns so far. */
  turn: () => number;
  /** Silent caller turns in a row (0 once the caller speaks): the no-answer handling's `silence` condition. */
  silences?: () => number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function systemValue(name: string, ctx: SystemContext): unknown {
  const now = () => (ctx.now ? ctx.now() : new Date());
  switch (name) {
    case 'current_time': {
      const d = now();
      return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }
    case 'current_date': {
      const d = now();
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }
    case 'call_id':
      return ctx.callId;
    case 'user_number':
      return ctx.userNumber ?? '+15550100000';
    case 'turn':
      return ctx.turn();
    case 'silences':
      return ctx.silences?.() ?? 0;
    case 'caller_silent':
      return (ctx.silences?.() ?? 0) > 0;
    default:
      return undefined;
  }
}
