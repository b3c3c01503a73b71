import { z } from 'zod';
import { fromDecimal, optionalText, requiredOr, ZFlag } from './common.js';
import { seededDefaults } from './seeded.js';

/** `HH:MM` on a 24-hour clock. */
export const ZClockTime = z
  .string({ error: 'field_invalid' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time_format' });

/**
 * An opening's start before its end, checked only when both are times: a start that is not one
 * is refused on its own, and its valid end is not marked too ("25:00" reads as after "17:00").
 */
export const startBeforeEnd =
  (end: z.ZodType<string>) =>
  (o: { start: string; end: string }): boolean =>
    !ZClockTime.safeParse(o.start).success || !end.safeParse(o.end).success || o.start < o.end;

/** An IANA time zone the runtime knows (`Asia/Shanghai`, `UTC`). */
export const ZTimeZone = z
  .string({ error: requiredOr('required_field') })
  .trim()
  .min(1, { error: 'required_field' })
  .max(64, { error: 'field_invalid' })
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'field_invalid' },
  );

/** One opening of a weekday (0 Sunday … 6 Saturday), start before end, both in the setting's time zone. */
export const ZChatOpening = z
  .object({
    day: fromDecimal(
      z.number({ error: 'field_invalid' }).int().min(0, { error: 'field_invalid' }).max(6, { error: 'field_invalid' }),
    ).describe('The weekday: 0 Sunday … 6 Saturday'),
    start: ZClockTime.describe('When it opens, `HH:MM`'),
    end: ZClockTime.describe('When it closes, `HH:MM` after the start'),
  })
  .refine(startBeforeEnd(ZClockTime), { error: 'chat_hours_order', path: ['end'] });
export type TChatOpening = z.infer<typeof ZChatOpening>;

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '18:00' }));

/** Settings › Chats: when chats are taken, how they are handed out, what the visitor reads first. */
export const ZChatSetting = z.object({
  business_hours_enabled: ZFlag.default(false).describe(
    'Off (the default): chats are taken whenever an agent is online',
  ),
  timezone: ZTimeZone.default('UTC').describe('The IANA time zone of the business hours (`UTC` by default)'),
  business_hours: z
    .array(ZChatOpening, { error: 'field_invalid' })
    .max(21, { error: 'field_too_long' })
    .default(weekdays)
    .describe('The openings of the week (up to 21); a day without one is closed'),
  auto_assign: ZFlag.default(false).describe(
    'Auto-assign each new chat to the online agent with the fewest open chats (no by default)',
  ),
  agent_chat_limit: fromDecimal(
    z.number({ error: 'field_invalid' }).int().min(1, { error: 'field_invalid' }).max(50, { error: 'field_invalid' }),
  )
    .default(5)
    .describe('Open chats one agent takes before routing skips them, 1 to 50 (5 by default)'),
  missed_after_minutes: fromDecimal(
    z.number({ error: 'field_invalid' }).int().min(0, { error: 'field_invalid' }).max(1440, { error: 'field_invalid' }),
  )
    .default(10)
    .describe(
      'Minutes a chat waits for an agent before it ends as missed: the visitor is told it goes on by email and the ticket stays open (0: it waits until taken; 10 by default)',
    ),
  greeting: optionalText(500)
    .default(seededDefaults.chatGreeting)
    .describe('The first thing the visitor reads in the chat window, up to 500 characters'),
});
export type TChatSetting = z.infer<typeof ZChatSetting>;
export type TChatSettingInput = z.input<typeof ZChatSetting>;
/** The whole object; the time zone is required so that an empty body saves nothing. */
export const ZChatSettingEditRequest = ZChatSetting.extend({
  timezone: ZTimeZone.describe('The IANA time zone of the business hours'),
});

/** Minutes since midnight of `HH:MM`. */
function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** Weekday and minute of the day of an instant in a time zone. */
export function localClock(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Is chat open at this instant? Always, when business hours are off. */
export function withinChatHours(
  setting: Pick<TChatSetting, 'business_hours_enabled' | 'timezone' | 'business_hours'>,
  at: Date,
): boolean {
  if (!setting.business_hours_enabled) {
    return true;
  }
  const { day, minute } = localClock(at, setting.timezone);
  return setting.business_hours.some((o) => o.day === day && minute >= minutesOf(o.start) && minute < minutesOf(o.end));
}
