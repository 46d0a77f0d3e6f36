import { defineRoom } from '../method-table.js';
import { compareMethods } from './methods.js';

/** The compare room: the contract methods it answers, by name (app/method-table.ts). */
export const compareRoom = defineRoom('compare', compareMethods);
