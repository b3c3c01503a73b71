import { z } from 'zod';
import { ZId } from '../common.js';
import { ZAccessState, ZUserType } from '../enums.js';
import { ZSatisfaction, ZTicketPriority, ZTicketSource, ZTicketState, ZTicketType } from './shared.js';

/** The ticket page: one ticket, its people and what the caller may do with it. */

/** The person a ticket is for, as the ticket page shows them. */
export const ZTicketPerson = z.object({
  account_id: z.number().int().describe('The account'),
  email: z.string().describe('Their email address'),
  real_name: z.string().describe('Their name'),
  avatar: z.string().describe('Path of their picture (empty: none)'),
  user_type: ZUserType.describe('`admin`, `agent` or `user` (an end user)'),
  access_state: ZAccessState.describe('Whether they may sign in and write (`suspended`: no)'),
  company_id: z.number().int().nullable().describe('Their organization (null: none)'),
});
export type TTicketPerson = z.infer<typeof ZTicketPerson>;

/**
 * What the caller may do with this ticket, computed by the same policy functions the server
 * enforces: the screens offer exactly these actions.
 */
export const ZTicketAbilities = z.object({
  edit: z.boolean().describe('Change properties and add notes (`ticket.edit`); false on a deleted or closed ticket'),
  reply_publicly: z.boolean().describe('Reply publicly; false for `reply_access` internal (notes only)'),
  close: z.boolean().describe('Submit as Closed'),
  reassign: z
    .boolean()
    .describe('Give the ticket to another assignee (`allow_reassign` off: only its assignee or an admin)'),
  delete: z.boolean().describe('Move it to Deleted tickets'),
  restore: z.boolean().describe('Bring it back from Deleted tickets'),
  spam: z.boolean().describe('Mark as spam: the requester must be an end user'),
});
export type TTicketAbilities = z.infer<typeof ZTicketAbilities>;

const nullableInt = (what: string) => z.number().int().nullable().describe(what);

export const ZTicket = z.object({
  ticket_id: z.number().int().describe('The ticket; also its number, shown as `#ticket_id`'),
  subject: z.string().describe('Its subject'),
  ticket_state: ZTicketState.describe('Its status: new, open, pending, solved or closed'),
  ticket_type: ZTicketType.describe('Its type: question, incident, problem, task or chat'),
  priority: ZTicketPriority.describe('Its priority: low, normal, high or urgent'),
  source: ZTicketSource.describe(
    'Where it came from: `form` (public form), `web` (an agent), `email`, `chat`, `close_ticket` (a follow-up)',
  ),
  requester_id: z.number().int().describe('Whom it is for'),
  requester: ZTicketPerson.describe('The requester, as the page shows them'),
  submitter_id: nullableInt('Who created it: the requester on the public form, the agent in the back office'),
  assignee_id: nullableInt('The agent it is assigned to (null: unassigned)'),
  group_id: nullableInt('The group it is assigned to (null: none)'),
  company_id: nullableInt('The organization it belongs to (null: none)'),
  tags: z.array(z.string()).describe('Its tags'),
  cc_ids: z.array(z.number().int()).describe('Accounts copied on its public replies'),
  follower_ids: z.array(z.number().int()).describe('Agents following it'),
  fields: z.record(z.string(), z.unknown()).describe('Custom field values by field key'),
  form_id: nullableInt('The ticket form it was submitted with (null: none; the default form applies)'),
  satisfaction: ZSatisfaction.describe("The requester's rating: `good`, `bad`, or `unoffered` (none yet)"),
  satisfaction_comment: z.string().describe("The requester's comment with their rating"),
  satisfaction_url: z
    .string()
    .nullable()
    .describe(
      'The survey link (a path: `/home/satisfaction?token=...`) once the ticket was solved with scoring allowed; null while never offered',
    ),
  is_deleted: z.boolean().describe('In Deleted tickets'),
  create_ts: z.number().int().describe('When it was created (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it last changed (Unix epoch milliseconds)'),
  first_reply_ts: nullableInt("An agent's first public reply (Unix epoch milliseconds; null: none yet)"),
  solved_ts: nullableInt('When it last entered `solved` (Unix epoch milliseconds; null: never)'),
  deleted_ts: nullableInt('When it was deleted (Unix epoch milliseconds; null: not deleted)'),
  abilities: ZTicketAbilities.describe('What the caller may do with it, as the server decides'),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketGetRequest = z.object({ ticket_id: ZId.describe('The ticket') });
export type TTicketGetRequest = z.input<typeof ZTicketGetRequest>;
export const ZTicketGetResponse = ZTicket;
export type TTicketGetResponse = TTicket;
