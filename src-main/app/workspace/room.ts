import { defineRoom } from '../method-table.js';
import { firstRunMethods } from './first-run-methods.js';
import { workspaceMethods } from './methods.js';

/** The workspace room (app.*): the app's version and features, backup, the first run's example. */
export const workspaceRoom = (builtMethods: () => string[]) =>
  defineRoom('workspace', workspaceMethods(builtMethods), firstRunMethods);
