import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { account } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import { isStaff } from '../account/account.policy.js';
import { forgotValidMs } from './password-link.repo.js';
import { issueLink, type MailConfigOf } from './password-link.service.js';

/**
 * "Forgot password?" on the sign-in page (docs/decisions/0018-invitations.md). The call does the
 * same work whatever the address: it counts the request against the limits and queues a job
 * naming the email. The job looks the address up and, for an admin or agent allowed to sign in,
 * makes a 1-hour link and queues its mail. So neither the answer nor its time tells whether the
 * address has an account; an end user, a suspended account or an unknown address gets nothing.
 */
export const forgotQueue = 'password.forgot';

interface ForgotJob {
  email: string;
}

export function registerForgot(ctx: AppContext, mailConfig: MailConfigOf): void {
  ctx.jobs.define<ForgotJob>(forgotQueue, {
    attempts: 3,
    retryDelay: 30,
    handler: ({ email }) => mailForgotLink(ctx, mailConfig, email),
  });
}

/** Whether the sign-in page can offer a link by mail (else it says to ask an admin). */
export async function forgotState(db: DbOrTx, mailConfig: MailConfigOf) {
  return { can_mail: (await mailConfig(db)) !== null };
}

/** The public call: refused plainly without the email channel, else the same answer for every address. */
export async function forgotSend(ctx: AppContext, mailConfig: MailConfigOf, email: string, ip: string) {
  if (!(await mailConfig(ctx.db))) {
    throw invalid('password_forgot_unavailable');
  }
  await ctx.limits.forgotAttempt(email, ip);
  await ctx.jobs.send(forgotQueue, { email } satisfies ForgotJob);
  return null;
}

/** The job: a new reset link for a staff account of this address (replacing its earlier ones), and its mail. */
async function mailForgotLink(ctx: AppContext, mailConfig: MailConfigOf, email: string): Promise<void> {
  const config = await mailConfig(ctx.db);
  if (!config) {
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ accountId: account.accountId, userType: account.userType, accessState: account.accessState })
      .from(account)
      .where(eq(account.email, email.toLowerCase()))
      .limit(1);
    if (!found || !isStaff(found.userType) || found.accessState !== 'allowed') {
      return;
    }
    await issueLink(ctx, tx, config, {
      accountId: found.accountId,
      purpose: 'reset',
      validMs: forgotValidMs,
      actorName: '',
    });
  });
}
