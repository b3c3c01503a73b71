import type { z } from 'zod';
import type { TBtnNode } from './btn-nodes.js';
import type { TMessageKey } from './messages.js';
import type { TStaffPath } from './nodes.js';

/**
 * Who may make a call, as the server checks it before the handler:
 * - `public`: anyone, signed in or not;
 * - `session`: any signed-in account, end users included;
 * - `staff`: agents and admins;
 * - `menu`: admins, and agents holding any one of these screens' menu nodes;
 * - `btn`: admins, and agents holding this button node.
 */
export type TOpAccess =
  | { readonly public: true }
  | { readonly session: true }
  | { readonly staff: true }
  | { readonly menu: TStaffPath | readonly TStaffPath[] }
  | { readonly btn: TBtnNode };

export type TOpMethod = 'GET' | 'POST';

/**
 * One call of the API, written once: the server registers it (`define(app, op, { handler })`),
 * the web calls it (`call(op, input)`), the tests and the OpenAPI document read it.
 */
export interface TOp<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly method: TOpMethod;
  /** The full path, `/api/...`. */
  readonly path: `/api/${string}`;
  /** What the call takes: the query of a GET, the JSON body of a POST. */
  readonly input: I;
  /** The `data` of the success envelope. */
  readonly output: O;
  readonly access: TOpAccess;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly tags: readonly string[];
  /** Key of the success message (`msg`); "Success" when omitted. */
  readonly message?: TMessageKey;
}

/** What a caller sends: the schema's input side (ids may be numbers or their decimal text). */
export type TOpInput<T extends TOp> = z.input<T['input']>;
/** What a caller gets back, once checked against the output schema. */
export type TOpOutput<T extends TOp> = z.output<T['output']>;

/** Defines a call; the object is frozen so no one changes a contract at run time. */
export function op<I extends z.ZodType, O extends z.ZodType>(def: TOp<I, O>): TOp<I, O> {
  return Object.freeze({ ...def, tags: Object.freeze([...def.tags]) });
}

/** The menu and button nodes a call accepts, as `{ node_type, node_value }` pairs (empty when none is needed). */
export function opNodes(access: TOpAccess): Array<{ node_type: 'menu' | 'btn'; node_value: string }> {
  if ('btn' in access) {
    return [{ node_type: 'btn', node_value: access.btn }];
  }
  if ('menu' in access) {
    const menus: readonly string[] = typeof access.menu === 'string' ? [access.menu] : access.menu;
    return menus.map((node_value) => ({ node_type: 'menu', node_value }));
  }
  return [];
}
