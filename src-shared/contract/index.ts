import type { z } from 'zod';
import { agentMethods } from './agents.js';
import { callMethods } from './calls.js';
import { libraryMethods } from './library.js';
import { modelMethods } from './models.js';
import { playgroundMethods } from './playground.js';
import { runMethods } from './runs.js';
import { systemMethods } from './system.js';

export * from './define.js';
export * from './events.js';

/** Every API method of Parley. The desktop IPC bridge and the web server both expose exactly this. */
export const contract = {
  ...systemMethods,
  ...agentMethods,
  ...libraryMethods,
  ...runMethods,
  ...callMethods,
  ...modelMethods,
  ...playgroundMethods,
};

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type MethodInput<M extends MethodName> = z.input<Contract[M]['input']>;
export type MethodOutput<M extends MethodName> = z.infer<Contract[M]['output']>;
export const METHOD_NAMES = Object.keys(contract) as MethodName[];
