import { defineRoom } from '../method-table.js';
import { analysisMethods } from './methods.js';
import { analysisRoutingMethods } from './routing-methods.js';
import { analysisCoverageMethods } from './coverage-methods.js';

/** The analysis room: the contract methods it answers, by name (app/method-table.ts). */
export const analysisRoom = defineRoom('analysis', analysisMethods, analysisRoutingMethods, analysisCoverageMethods);
