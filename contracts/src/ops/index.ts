import type { TOp } from '../op.js';
import { companyOps } from './company.js';
import { tagOps } from './tag.js';
import { todoOps } from './todo.js';

export { companyOps } from './company.js';
export { tagOps } from './tag.js';
export { todoOps } from './todo.js';

/**
 * Every call written as an operation object, by module. The access table test and the web
 * test fake server iterate it; a module whose calls become operations is added here.
 */
export const opGroups = { company: companyOps, tag: tagOps, todo: todoOps } as const;

export const allOps: readonly TOp[] = Object.values(opGroups).flatMap((group) => Object.values(group) as TOp[]);
