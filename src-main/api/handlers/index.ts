import { agentHandlers } from './agents.js';
import { libraryHandlers } from './library.js';
import { modelHandlers } from './models.js';
import { runHandlers } from './runs.js';
import { systemHandlers } from './system.js';
import type { Handlers } from './types.js';

/** Every built handler. A contract method with no handler answers `not_built`. */
export const handlers: Handlers = {
  ...systemHandlers,
  ...agentHandlers,
  ...libraryHandlers,
  ...runHandlers,
  ...modelHandlers,
};
