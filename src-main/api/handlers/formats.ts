import { formatsList } from '../../app/index.js';
import type { Handlers } from './types.js';

export const formatHandlers: Handlers = {
  'formats.list': () => formatsList(),
};
