import { z } from 'zod';
import { ZClockTime, ZTimeZone } from './chat-setting.js';
import { fromDecimal, requiredOr, requiredText, ZId, ZIdList } from './common.js';

/**
 * Settings › Schedules: business hours per weekday in a time zone (several intervals a day) and
 * holidays. Triggers ("within business hours"), automations and SLA policies measure time by them.
 */

/** `HH:MM`, and `24:00` for "until midnight". */
const ZIntervalEnd = z.union([ZClockTime, z.literal('24:00')], { error: 'field_invalid' });

/** One opening of a weekday (0 Sunday … 6 Saturday), start before end, in the schedule's time zone. */
export const ZScheduleInterval = z
  .object({
    day: fromDecimal(
      z.number({ error: 'field_invalid' }).int().min(0, { error: 'field_invalid' }).max(6, { error: 'field_invalid' }),
    ),
    start: ZClockTime,
    end: ZIntervalEnd,
  })
  .refine((o) => o.start < o.end, { error: 'chat_hours_order', path: ['end'] });
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
    name: requiredText('required_holiday_name', 100),
    start_date: date('required_start_date'),
    end_date: date('required_end_date'),
  })
  .refine((h) => h.end_date >= h.start_date, { error: 'end_after_start', path: ['end_date'] });
export type THoliday = z.infer<typeof ZHoliday>;

export const ZScheduleInput = z.object({
  name: requiredText('required_name', 100),
  timezone: ZTimeZone,
  intervals: z.array(ZScheduleInterval, { error: 'field_invalid' }).max(70, { error: 'field_too_long' }),
  holidays: z.array(ZHoliday, { error: 'field_invalid' }).max(200, { error: 'field_too_long' }).default([]),
});
export type TScheduleInput = z.input<typeof ZScheduleInput>;
export type TScheduleData = z.output<typeof ZScheduleInput>;

export const ZSchedule = z.object({
  schedule_id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  intervals: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })),
  holidays: z.array(z.object({ name: z.string(), start_date: z.string(), end_date: z.string() })),
  update_ts: z.number().int(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZScheduleListResponse = z.object({ list: z.array(ZSchedule) });
export type TScheduleListResponse = z.infer<typeof ZScheduleListResponse>;
export const ZScheduleGetRequest = z.object({ schedule_id: ZId });
export const ZScheduleAddRequest = ZScheduleInput;
export const ZScheduleAddResponse = z.object({ schedule_id: z.number().int() });
export const ZScheduleEditRequest = ZScheduleInput.extend({ schedule_id: ZId });
export type TScheduleEditRequest = z.input<typeof ZScheduleEditRequest>;
export const ZScheduleDeleteRequest = z.object({ schedule_ids: ZIdList.min(1, { error: 'field_invalid' }) });
