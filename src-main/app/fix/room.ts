import { defineRoom } from '../method-table.js';
import { fixMethods } from './methods.js';

/** The fix room: the contract methods it answers, by name (app/method-table.ts). */
export const fixRoom = defineRoom('fix', fixMethods);
