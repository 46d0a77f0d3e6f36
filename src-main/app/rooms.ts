import { agentsRoom } from './agents/room.js';
import { analysisRoom } from './analysis/room.js';
import { callsRoom } from './calls/room.js';
import { compareRoom } from './compare/room.js';
import { fixRoom } from './fix/room.js';
import { jobsRoom } from './jobs/room.js';
import { judgementsRoom } from './judgements/room.js';
import { createMethodTable, type MethodTable } from './method-table.js';
import { modelsRoom } from './models/room.js';
import { playgroundRoom } from './playground/room.js';
import { redteamRoom } from './redteam/room.js';
import { runsRoom } from './runs/room.js';
import { speechRoom } from './speech/room.js';
import { suitesRoom } from './suites/room.js';
import { workspaceRoom } from './workspace/room.js';

/**
 * Every domain room of the application, combined into the one method table both doors call. Built when this
 * module loads: a method name registered twice throws at start (app/method-table.ts). Only the doors import this
 * file (api/dispatch.ts, cli/use-app.ts); the rooms themselves never do, so there is no import circle.
 */
export const METHODS: MethodTable = createMethodTable([
  workspaceRoom(() => METHODS.names()),
  jobsRoom,
  agentsRoom,
  suitesRoom,
  runsRoom,
  judgementsRoom,
  callsRoom,
  compareRoom,
  modelsRoom,
  playgroundRoom,
  analysisRoom,
  speechRoom,
  fixRoom,
  redteamRoom,
]);
