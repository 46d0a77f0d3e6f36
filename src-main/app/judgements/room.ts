import { defineRoom } from '../method-table.js';
import { runJudgementMethods } from './methods.js';
import { labelMethods } from './label-methods.js';

/** The judgements room: the contract methods it answers, by name (app/method-table.ts). */
export const judgementsRoom = defineRoom('judgements', runJudgementMethods, labelMethods);
