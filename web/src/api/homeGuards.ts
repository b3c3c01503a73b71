import type { homeOps, THomeCallName, TOpOutput } from '@parley/contracts';
import { nothing, shape, type TShape } from './shape';

type TAnswer<K extends THomeCallName> = TOpOutput<(typeof homeOps)[K]>;

/**
 * The public calls' answer checks: the top-level fields of each operation's output, without zod
 * (the public pages load none). homeGuards.test.ts checks each against the operation's schema.
 */
export const homeGuards: { readonly [K in THomeCallName]: TShape<TAnswer<K>> } = {
  languages: shape({ list: 'array' }),
  enums: shape({}),
  branding: shape({
    favicon: 'string',
    brand_name: 'string',
    site_url: 'string',
    default_language: 'string',
    default_timezone: 'string',
    date_format: 'string',
  }),
  ticketForm: shape({ can_attach: 'boolean', forms: 'array', form: 'object|null' }),
  ticketAdd: shape({ ticket_id: 'number' }),
  satisfactionGet: shape({
    ticket_id: 'number',
    subject: 'string',
    satisfaction: 'string',
    satisfaction_comment: 'string',
    rating_open: 'boolean',
  }),
  satisfactionAdd: nothing,
  passwordLinkGet: shape({ email: 'string', real_name: 'string', purpose: 'string' }),
  passwordLinkSet: shape({ email: 'string' }),
  passwordForgotState: shape({ can_mail: 'boolean' }),
  passwordForgotSend: nothing,
};
