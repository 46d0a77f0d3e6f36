import { defineRoom } from '../method-table.js';
import { speechMethods } from './methods.js';

/** The speech room: the contract methods it answers, by name (app/method-table.ts). */
export const speechRoom = defineRoom('speech', speechMethods);
