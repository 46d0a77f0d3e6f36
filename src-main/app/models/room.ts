import { defineRoom } from '../method-table.js';
import { modelMethods } from './methods.js';
import { modelProviderMethods } from './provider-methods.js';
import { modelPreflightMethods } from './preflight-methods.js';
import { modelReadinessMethods } from './readiness-methods.js';

/** The models room: the contract methods it answers, by name (app/method-table.ts). */
export const modelsRoom = defineRoom(
  'models',
  modelMethods,
  modelProviderMethods,
  modelPreflightMethods,
  modelReadinessMethods,
);
