export { VariableStore, NAMESPACES, READ_ONLY_NAMESPACE, isReadOnlyPath } from './store.js';
export { parsePath, formatPath, getIn, setIn, normalizePath, PathError, type PathSegment } from './path.js';
export { SYSTEM_VARIABLES, type SystemContext } from './system.js';
export { deepMerge, cloneJson } from './merge.js';
