import { defineRoom } from '../method-table.js';
import { jobMethods } from './methods.js';

/** The jobs room: the contract methods it answers, by name (app/method-table.ts). */
export const jobsRoom = defineRoom('jobs', jobMethods);
