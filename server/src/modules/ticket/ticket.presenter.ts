import type { TTicket, TTicketAbilities, TTicketPerson } from '@parley/contracts';
import type { account, ticket } from '../../db/schema/index.js';

type TicketRow = typeof ticket.$inferSelect;
type AccountRow = typeof account.$inferSelect;

/**
 * The survey page of the web app, for an agent to copy and pass on: it opens in the requester's
 * language, as the links in the mails do.
 */
export const satisfactionPath = (token: string, language: string) =>
  `/home/satisfaction?token=${token}&lang=${language === 'zh-cn' ? 'zh-cn' : 'en'}`;

export function presentPerson(a: AccountRow): TTicketPerson {
  return {
    account_id: a.accountId,
    email: a.email,
    real_name: a.realName,
    avatar: a.avatar,
    user_type: a.userType as TTicketPerson['user_type'],
    access_state: a.accessState as TTicketPerson['access_state'],
    company_id: a.companyId,
  };
}

/** The only place that decides which ticket fields leave the server (never the search vector). */
export function presentTicket(
  t: TicketRow,
  requester: AccountRow,
  members: { ccIds: number[]; followerIds: number[] },
  abilities: TTicketAbilities,
): TTicket {
  return {
    ticket_id: t.ticketId,
    subject: t.subject,
    ticket_state: t.ticketState as TTicket['ticket_state'],
    ticket_type: t.ticketType as TTicket['ticket_type'],
    priority: t.priority as TTicket['priority'],
    source: t.source as TTicket['source'],
    requester_id: t.requesterId,
    requester: presentPerson(requester),
    submitter_id: t.submitterId,
    assignee_id: t.assigneeId,
    group_id: t.groupId,
    company_id: t.companyId,
    tags: t.tags,
    cc_ids: members.ccIds,
    follower_ids: members.followerIds,
    fields: t.fields,
    form_id: t.formId,
    satisfaction: t.satisfaction as TTicket['satisfaction'],
    satisfaction_comment: t.satisfactionComment,
    satisfaction_url: t.satisfactionToken ? satisfactionPath(t.satisfactionToken, requester.defaultLanguage) : null,
    is_deleted: t.deletedTs !== null,
    create_ts: t.createTs,
    update_ts: t.updateTs,
    first_reply_ts: t.firstReplyTs,
    solved_ts: t.solvedTs,
    deleted_ts: t.deletedTs,
    abilities,
  };
}
