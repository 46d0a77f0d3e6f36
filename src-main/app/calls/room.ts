import { defineRoom } from '../method-table.js';
import { callMethods } from './methods.js';

/** The calls room: the contract methods it answers, by name (app/method-table.ts). */
export const callsRoom = defineRoom('calls', callMethods);
