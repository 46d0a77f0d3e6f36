import type { z } from 'zod';
import { agentMethods } from './agents.js';
import { analysisMethods } from './analysis.js';
import { appMethods } from './app.js';
import { callMethods } from './calls.js';
import { compareMethods } from './compare.js';
import { formatMethods } from './formats.js';
import { labelMethods } from './labels.js';
import { modelMethods } from './models.js';
import { personaMethods } from './personas.js';
import { playgroundMethods } from './playground.js';
import { runMethods } from './runs.js';
import { suiteMethods } from './suites.js';
import { speechMethods } from './speech.js';
import { jobMethods } from './jobs.js';
import { fixMethods } from './fixes.js';
import { redteamMethods } from './redteam.js';

export * from './define.js';
export * from './events.js';
export * from './jobs.js';

/**
 * Every API method of Parley. The desktop IPC bridge and the web server both expose exactly this.
 * One file per namespace: `<namespace>.ts` declares only `<namespace>.*` methods, and
 * src-main/api/handlers/<namespace>*.ts implements them (tests/unit/architecture/namespaces.test.ts).
 */
export const contract = {
  ...appMethods,
  ...agentMethods,
  ...formatMethods,
  ...personaMethods,
  ...suiteMethods,
  ...runMethods,
  ...compareMethods,
  ...callMethods,
  ...modelMethods,
  ...playgroundMethods,
  ...analysisMethods,
  ...labelMethods,
  ...speechMethods,
  ...jobMethods,
  ...fixMethods,
  ...redteamMethods,
};

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type MethodInput<M extends MethodName> = z.input<Contract[M]['input']>;
export type MethodOutput<M extends MethodName> = z.infer<Contract[M]['output']>;
export const METHOD_NAMES = Object.keys(contract) as MethodName[];
