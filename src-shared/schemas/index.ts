export * from './graph.js';
export * from './persona.js';
export * from './test-case.js';
export * from './model.js';
export * from './endpoint-options.js';
export * from './run.js';
export * from './judgements.js';
