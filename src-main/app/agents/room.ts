import { defineRoom } from '../method-table.js';
import { agentMethods } from './methods.js';
import { agentFormatMethods } from './format-methods.js';
import { formatMethods } from './formats-list-methods.js';

/** The agents room: the contract methods it answers, by name (app/method-table.ts). */
export const agentsRoom = defineRoom('agents', agentMethods, agentFormatMethods, formatMethods);
