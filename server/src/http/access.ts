import type { TBtnNode, TNodeKey, TStaffPath } from '@parley/contracts';

/**
 * What a route needs. Every `/api/admin` route declares one; a route without one is refused
 * at registration (see `app.ts`), so no call can ship unguarded.
 */
export type Access =
  | { kind: 'public' }
  /** Any signed-in account, including end users (own info, sign-out, own password). */
  | { kind: 'session' }
  /** Agents and admins. */
  | { kind: 'staff' }
  /** Agents holding any one of these nodes; admins always. */
  | { kind: 'node'; nodes: TNodeKey[] };

export const access = {
  public: { kind: 'public' } as Access,
  session: { kind: 'session' } as Access,
  staff: { kind: 'staff' } as Access,
  btn: (value: TBtnNode): Access => ({ kind: 'node', nodes: [{ node_type: 'btn', node_value: value }] }),
  menu: (...paths: TStaffPath[]): Access => ({
    kind: 'node',
    nodes: paths.map((p) => ({ node_type: 'menu' as const, node_value: p })),
  }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
