import type { TLanguage } from '@parley/contracts';
import type { AccountWithLinks } from '../account/account.presenter.js';

/** The signed-in caller of a request. */
export interface Actor {
  account: AccountWithLinks;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    lang: TLanguage;
  }
}
