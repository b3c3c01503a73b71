import { ZEmpty } from '../common.js';
import { ZBrandingResponse, ZEnumsGetRequest, ZEnumsGetResponse, ZLanguagesResponse } from '../home.js';
import { homeCalls } from '../home-calls.js';
import { noInput, op, type TOp } from '../op.js';
import {
  ZPasswordForgotRequest,
  ZPasswordForgotStateResponse,
  ZPasswordLinkGetRequest,
  ZPasswordLinkGetResponse,
  ZPasswordLinkSetRequest,
  ZPasswordLinkSetResponse,
} from '../password-link.js';
import {
  ZHomeTicketAddRequest,
  ZHomeTicketAddResponse,
  ZSatisfactionAddRequest,
  ZSatisfactionGetRequest,
  ZSatisfactionGetResponse,
} from '../ticket/home.js';
import { ZHomeTicketFormRequest, ZHomeTicketFormResponse } from '../ticket-field-wire.js';

const anyone = { public: true } as const;

/**
 * The public pages' calls (no sign-in): languages, enum labels, branding, the public ticket form
 * and the satisfaction survey. Their method and path come from `homeCalls`, which the public
 * pages use without these schemas. The upload (`home/upload`, multipart) is not an operation.
 */
export const homeOps = {
  languages: op({
    ...homeCalls.languages,
    access: anyone,
    summary: 'Interface languages',
    tags: ['home'],
    input: noInput,
    output: ZLanguagesResponse,
  }),
  enums: op({
    ...homeCalls.enums,
    access: anyone,
    summary: 'Enum values with labels in the request language',
    tags: ['home'],
    input: ZEnumsGetRequest,
    output: ZEnumsGetResponse,
  }),
  branding: op({
    ...homeCalls.branding,
    access: anyone,
    summary: 'Branding shown before sign-in (favicon, brand name)',
    tags: ['home'],
    input: noInput,
    output: ZBrandingResponse,
  }),
  ticketForm: op({
    ...homeCalls.ticketForm,
    access: anyone,
    summary:
      'What the public ticket form offers: attachments when allowed, the active forms, the chosen form and its fields',
    tags: ['public'],
    input: ZHomeTicketFormRequest,
    output: ZHomeTicketFormResponse,
  }),
  ticketAdd: op({
    ...homeCalls.ticketAdd,
    access: anyone,
    summary: 'Submit a ticket from the public form (banned list, suspended requesters and a per-IP limit apply)',
    tags: ['public'],
    input: ZHomeTicketAddRequest,
    output: ZHomeTicketAddResponse,
    message: 'saved',
  }),
  satisfactionGet: op({
    ...homeCalls.satisfactionGet,
    access: anyone,
    summary: 'The ticket a satisfaction link is for, and its rating so far',
    tags: ['public'],
    input: ZSatisfactionGetRequest,
    output: ZSatisfactionGetResponse,
  }),
  satisfactionAdd: op({
    ...homeCalls.satisfactionAdd,
    access: anyone,
    summary: 'Rate a solved ticket good or bad, with an optional comment',
    tags: ['public'],
    input: ZSatisfactionAddRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  passwordLinkGet: op({
    ...homeCalls.passwordLinkGet,
    access: anyone,
    summary: 'Whose password a mailed link sets; a used, expired or unknown link answers FFFF',
    tags: ['public'],
    input: ZPasswordLinkGetRequest,
    output: ZPasswordLinkGetResponse,
  }),
  passwordLinkSet: op({
    ...homeCalls.passwordLinkSet,
    access: anyone,
    summary: "Set the password through a mailed link (once); ends the account's sessions",
    tags: ['public'],
    input: ZPasswordLinkSetRequest,
    output: ZPasswordLinkSetResponse,
    message: 'password_set',
  }),
  passwordForgotState: op({
    ...homeCalls.passwordForgotState,
    access: anyone,
    summary: '"Forgot password?": whether a link can be mailed (the email channel is set up)',
    tags: ['public'],
    input: noInput,
    output: ZPasswordForgotStateResponse,
  }),
  /**
   * "Forgot password?" on the sign-in page. The same answer whether or not an account has the
   * address; an admin or agent allowed to sign in is mailed a 1-hour link (decision 0018).
   */
  passwordForgotSend: op({
    ...homeCalls.passwordForgotSend,
    access: anyone,
    summary:
      '"Forgot password?": mails an admin or agent with this address a link to set a new password (1 hour); the same answer whether or not the address has an account. FFFF without the email channel; 429 past the limits per address and per client',
    tags: ['public'],
    input: ZPasswordForgotRequest,
    output: ZEmpty,
    message: 'password_forgot_sent',
  }),
} satisfies Record<keyof typeof homeCalls, TOp>;
