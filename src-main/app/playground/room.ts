import { defineRoom } from '../method-table.js';
import { playgroundMethods } from './methods.js';

/** The playground room: the contract methods it answers, by name (app/method-table.ts). */
export const playgroundRoom = defineRoom('playground', playgroundMethods);
