import { z } from 'zod';
import { startBeforeEnd, ZClockTime, ZTimeZone } from './chat-setting.js';
import { fromDecimal, requiredOr, requiredText, ZId, ZIdList } from './common.js';

/**
 * Settings › Schedules: business hours per weekday in a time zone (several intervals a day) and
 * holidays. Triggers ("within business hours"), automations and SLA policies measure time by them.
 */

/** `HH:MM`, and `24:00` for "until midnight". */
const ZIntervalEnd = z.union([ZClockTime, z.literal('24:00')], { error: 'time_format' });

/** One opening of a weekday (0 Sunday … 6 Saturday), start before end, in the schedule's time zone. */
export const ZScheduleInterval = z
  .object({
    day: fromDecimal(
      z.number({ error: 'field_invalid' }).int().min(0, { error: 'field_invalid' }).max(6, { error: 'field_invalid' }),
    ).describe('The weekday: 0 Sunday … 6 Saturday'),
    start: ZClockTime.describe('When it opens, `HH:MM`'),
    end: ZIntervalEnd.describe('When it closes, `HH:MM` after the start (`24:00`: midnight)'),
  })
  .refine(startBeforeEnd(ZIntervalEnd), { error: 'chat_hours_order', path: ['end'] });
export type TScheduleInterval = z.infer<typeof ZScheduleInterval>;

/** A calendar date `YYYY-MM-DD` that exists. */
const date = (requiredKey: 'required_start_date' | 'required_end_date') =>
  z
    .string({ error: requiredOr(requiredKey) })
    .trim()
    .min(1, { error: requiredKey })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field_invalid' })
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      {
        error: 'field_invalid',
      },
    );

/** A holiday: whole days from `start_date` to `end_date` (both included) are closed. */
export const ZHoliday = z
  .object({
    name: requiredText('required_holiday_name', 100).describe('Its name, up to 100 characters'),
    start_date: date('required_start_date').describe('The first closed day, `YYYY-MM-DD`'),
    end_date: date('required_end_date').describe('The last closed day, `YYYY-MM-DD` (not before the first)'),
  })
  .refine((h) => h.end_date >= h.start_date, { error: 'end_after_start', path: ['end_date'] });
export type THoliday = z.infer<typeof ZHoliday>;

/**
 * Two openings of one day that overlap: the later-starting one is refused at its start. Checked in
 * the schema beside the other checks, so one save names every problem (an end before its start and
 * an overlap elsewhere come back together); openings whose own times are not valid are left out.
 */
function refuseOverlaps(intervals: Array<{ day: unknown; start: unknown; end: unknown }>, ctx: z.RefinementCtx) {
  const valid = intervals
    .map((o, index) => ({ ...o, index }))
    .filter(
      (o): o is { day: number; start: string; end: string; index: number } =>
        typeof o.day === 'number' &&
        ZClockTime.safeParse(o.start).success &&
        ZIntervalEnd.safeParse(o.end).success &&
        String(o.start) < String(o.end),
    )
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start) || a.index - b.index);
  for (let i = 1; i < valid.length; i++) {
    const [prev, cur] = [valid[i - 1], valid[i]];
    if (prev && cur && prev.day === cur.day && cur.start < prev.end) {
      ctx.addIssue({ code: 'custom', message: 'schedule_overlap', path: [cur.index, 'start'] });
    }
  }
}

export const ZScheduleInput = z.object({
  name: requiredText('required_name', 100).describe('Its name, up to 100 characters'),
  timezone: ZTimeZone.describe('The IANA time zone its hours are in (`Europe/Paris`)'),
  intervals: z
    .array(ZScheduleInterval, { error: 'field_invalid' })
    .max(70, { error: 'field_too_long' })
    .superRefine(refuseOverlaps)
    .describe('Business hours: openings per weekday, several a day (up to 70)'),
  holidays: z
    .array(ZHoliday, { error: 'field_invalid' })
    .max(200, { error: 'field_too_long' })
    .default([])
    .describe('Closed days (up to 200; none by default)'),
});
export type TScheduleInput = z.input<typeof ZScheduleInput>;
export type TScheduleData = z.output<typeof ZScheduleInput>;

export const ZSchedule = z.object({
  schedule_id: z.number().int().describe('The schedule'),
  name: z.string().describe('Its name'),
  timezone: z.string().describe('The IANA time zone its hours are in'),
  intervals: z
    .array(
      z.object({
        day: z.number().int().describe('The weekday: 0 Sunday … 6 Saturday'),
        start: z.string().describe('When it opens, `HH:MM`'),
        end: z.string().describe('When it closes, `HH:MM` (`24:00`: midnight)'),
      }),
    )
    .describe('Business hours: openings per weekday'),
  holidays: z
    .array(
      z.object({
        name: z.string().describe('Its name'),
        start_date: z.string().describe('The first closed day, `YYYY-MM-DD`'),
        end_date: z.string().describe('The last closed day, `YYYY-MM-DD`'),
      }),
    )
    .describe('Closed days'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZScheduleListResponse = z.object({ list: z.array(ZSchedule).describe('Every schedule, oldest first') });
export type TScheduleListResponse = z.infer<typeof ZScheduleListResponse>;
export const ZScheduleGetRequest = z.object({ schedule_id: ZId.describe('The schedule') });
export const ZScheduleGetResponse = ZSchedule;
export const ZScheduleAddRequest = ZScheduleInput;
export const ZScheduleAddResponse = z.object({ schedule_id: z.number().int().describe('The new schedule') });
export type TScheduleAddResponse = z.infer<typeof ZScheduleAddResponse>;
export const ZScheduleEditRequest = ZScheduleInput.extend({ schedule_id: ZId.describe('The schedule') });
export type TScheduleEditRequest = z.input<typeof ZScheduleEditRequest>;
export const ZScheduleDeleteRequest = z.object({
  schedule_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('The schedules to delete'),
});
