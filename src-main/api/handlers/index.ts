import { agentHandlers } from './agents.js';
import { agentFormatHandlers } from './agents-formats.js';
import { callHandlers } from './calls.js';
import { compareHandlers } from './compare.js';
import { libraryHandlers } from './library.js';
import { modelHandlers } from './models.js';
import { modelProviderHandlers } from './models-providers.js';
import { modelPreflightHandlers } from './models-preflight.js';
import { firstRunHandlers } from './first-run.js';
import { playgroundHandlers } from './playground.js';
import { runControlHandlers } from './run-control.js';
import { runHandlers } from './runs.js';
import { systemHandlers } from './system.js';
import type { Handlers } from './types.js';

/** Every built handler. A contract method with no handler answers `not_built`. */
export const handlers: Handlers = {
  ...systemHandlers,
  ...agentHandlers,
  ...agentFormatHandlers,
  ...libraryHandlers,
  ...runHandlers,
  ...runControlHandlers,
  ...callHandlers,
  ...compareHandlers,
  ...modelHandlers,
  ...modelProviderHandlers,
  ...modelPreflightHandlers,
  ...firstRunHandlers,
  ...playgroundHandlers,
};
