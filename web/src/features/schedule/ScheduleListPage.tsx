import { PlusOutlined } from '@ant-design/icons';
import type { TSchedule } from '@parley/contracts';
import { Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/rulesStrings';
import { scheduleApi } from '../../api/rule';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { scheduleKeys, schedulePaths, useSchedules } from './queries';

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Settings › Schedules: business hours per weekday in a time zone, and holidays. */
export function ScheduleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useSchedules();
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (s: TSchedule, opts) => scheduleApi.delete([s.schedule_id], opts),
    invalidate: [scheduleKeys.all],
    successKey: 'deleted',
  });
  return (
    <ListPage
      subtitle={t('schedule.subtitle')}
      actions={
        <Can btn="schedule.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={schedulePaths.add}>
            {t('schedule.add')}
          </LinkButton>
        </Can>
      }
    >
      <Table<TSchedule>
        rowKey="schedule_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={false}
        // Narrower than its columns (a phone), it scrolls inside its card, not the page.
        scroll={{ x: 760 }}
        locale={tableEmpty(t, false, t('schedule.empty'))}
        columns={[
          { title: t('schedule.name'), dataIndex: 'name', width: 240 },
          { title: t('schedule.timezone'), dataIndex: 'timezone', width: 200 },
          {
            title: t('schedule.hours'),
            render: (_: unknown, s: TSchedule) => (
              <Typography.Text type="secondary">
                {t('schedule.summary', {
                  hours:
                    Math.round(s.intervals.reduce((sum, i) => sum + minutes(i.end) - minutes(i.start), 0) / 6) / 10,
                  count: s.holidays.length,
                })}
              </Typography.Text>
            ),
          },
          actionsColumn<TSchedule>(t('common.actions'), 200, (s) => (
            <>
              <EditAction
                btn="schedule.edit"
                onClick={() => void navigate(schedulePaths.edit, { state: editState(s.schedule_id) })}
              />
              <DeleteAction btn="schedule.delete" onClick={() => confirmDelete(() => remove.saveAsync(s), s.name)} />
            </>
          )),
        ]}
      />
    </ListPage>
  );
}
