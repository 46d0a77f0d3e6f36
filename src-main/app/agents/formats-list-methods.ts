import { formatsList } from '../index.js';
import type { Methods } from '../method-table.js';

export const formatMethods: Methods = {
  'formats.list': () => formatsList(),
};
