import { defineRoom } from '../method-table.js';
import { runMethods } from './methods.js';
import { runControlMethods } from './control-methods.js';
import { runPinMethods } from './pin-methods.js';

/** The runs room: the contract methods it answers, by name (app/method-table.ts). */
export const runsRoom = defineRoom('runs', runMethods, runControlMethods, runPinMethods);
