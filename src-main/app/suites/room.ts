import { defineRoom } from '../method-table.js';
import { suiteMethods } from './methods.js';
import { personaMethods } from './persona-methods.js';

/** The suites room: the contract methods it answers, by name (app/method-table.ts). */
export const suitesRoom = defineRoom('suites', suiteMethods, personaMethods);
