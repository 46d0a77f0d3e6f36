import { formatsList } from './export-agent.js';
import type { Methods } from '../method-table.js';

export const formatMethods: Methods = {
  'formats.list': () => formatsList(),
};
