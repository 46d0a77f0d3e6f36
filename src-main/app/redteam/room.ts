import { defineRoom } from '../method-table.js';
import { redteamMethods } from './methods.js';

/** The red-team room: the contract methods it answers, by name (app/method-table.ts). */
export const redteamRoom = defineRoom('redteam', redteamMethods);
