import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';
import {
  ZScheduleAddRequest,
  ZScheduleAddResponse,
  ZScheduleDeleteRequest,
  ZScheduleEditRequest,
  ZScheduleGetRequest,
  ZScheduleGetResponse,
  ZScheduleListResponse,
} from '../schedule.js';

const base = '/api/admin/settings';
const tags = ['schedules'];
/** The schedules screens, and the rule and SLA editors that pick a schedule. */
const readers = {
  menu: [
    '/wswt/setting/schedule',
    '/wswt/setting/schedule/edit',
    '/wswt/setting/trigger/add',
    '/wswt/setting/trigger/edit',
    '/wswt/setting/automation/add',
    '/wswt/setting/automation/edit',
    '/wswt/setting/sla/add',
    '/wswt/setting/sla/edit',
  ],
} as const;

/** Settings › Schedules: business hours and holidays; the rule editors pick from the list too. */
export const scheduleOps = {
  list: op({
    method: 'GET',
    path: `${base}/schedule.list`,
    access: readers,
    summary: 'Every schedule with its business hours and holidays, oldest first',
    tags,
    input: noInput,
    output: ZScheduleListResponse,
  }),
  get: op({
    method: 'GET',
    path: `${base}/schedule.get`,
    access: readers,
    summary: 'One schedule',
    tags,
    input: ZScheduleGetRequest,
    output: ZScheduleGetResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/schedule.add`,
    access: { btn: 'schedule.add' },
    summary: 'Add a schedule: a time zone, openings per weekday, holidays',
    tags,
    input: ZScheduleAddRequest,
    output: ZScheduleAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/schedule.edit`,
    access: { btn: 'schedule.edit' },
    summary: 'Edit a schedule (rules and SLA targets measure by it from now on)',
    tags,
    input: ZScheduleEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: `${base}/schedule.delete`,
    access: { btn: 'schedule.delete' },
    summary: 'Delete schedules; one still used by a trigger, automation or SLA policy is refused',
    tags,
    input: ZScheduleDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
