import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type TSchedule, type TScheduleInput, ZScheduleInput } from '@parley/contracts';
import { Button, Flex, Form, Input, Select, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/rulesStrings';
import { isApiError } from '../../api/errors';
import { FormActions } from '../../components/FormPage';
import { schemaRule, setServerErrors } from '../../components/formRules';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { usePhone } from '../../layout/usePhone';
import { scheduleKeys, schedulePaths } from './queries';

const zones = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();
const week = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));

/**
 * The hours "Add hours" offers: 09:00-17:00 on the first day of the week (Monday first) that has
 * none yet, or, when every day has some, the last row's day after its hours (to be filled in).
 */
function nextInterval(rows: Array<{ day: number; start: string; end: string }>) {
  const free = [1, 2, 3, 4, 5, 6, 0].find((day) => !rows.some((r) => r.day === day));
  if (free !== undefined) {
    return { day: free, start: '09:00', end: '17:00' };
  }
  const last = rows[rows.length - 1];
  return { day: last?.day ?? 1, start: '', end: '' };
}

/** A schedule: name, time zone, intervals per weekday (several a day), holidays. */
export function ScheduleForm({
  schedule,
  call,
}: {
  schedule?: TSchedule;
  call: (values: TScheduleInput, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  // A day and two times beside their delete button on one line, a phone's too (390 px).
  const phone = usePhone();
  const widths = phone ? { day: 126, time: 68 } : { day: 140, time: 90 };
  const navigate = useNavigate();
  const [form] = Form.useForm<TScheduleInput>();
  const { save, saving } = useSave({
    form,
    fieldNames: [],
    call: async (values: TScheduleInput, opts) => {
      try {
        return await call(values, opts);
      } catch (error) {
        if (isApiError(error)) {
          setServerErrors(
            form,
            Object.entries(error.fields).map(([name, text]) => ({ name, errors: [translateMessage(text)] })),
          );
        }
        throw error;
      }
    },
    invalidate: [scheduleKeys.all],
    onSaved: () => void navigate(schedulePaths.list),
  });
  const days = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`schedule.days.${d}`) }));
  return (
    <Form<TScheduleInput>
      form={form}
      layout="vertical"
      initialValues={{
        name: schedule?.name ?? '',
        timezone: schedule?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
        intervals: schedule?.intervals ?? week,
        holidays: schedule?.holidays ?? [],
      }}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 720 }}
    >
      <Form.Item name="name" label={t('schedule.name')} rules={[schemaRule(ZScheduleInput.shape.name)]} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="timezone" label={t('schedule.timezone')} required>
        <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} />
      </Form.Item>
      <Typography.Title level={5}>{t('schedule.hours')}</Typography.Title>
      <Form.List name="intervals">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBottom: 16 }}>
            {fields.map((f) => (
              // A row fits a phone's width (narrower boxes); a refusal under a time wraps within its
              // box's width, so the row's other boxes stay in line with the rows above.
              <Space key={f.key} align="start" wrap>
                <Form.Item name={[f.name, 'day']} style={{ marginBottom: 4, width: widths.day }}>
                  <Select
                    options={days}
                    style={{ width: widths.day }}
                    aria-label={t('schedule.day')}
                    // A phone's narrower box shows the chosen day short ("Wed", not "Wednesd…").
                    labelRender={phone ? ({ value }) => t(`schedule.days_short.${String(value)}`) : undefined}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'start']} style={{ marginBottom: 4, width: widths.time }}>
                  <Input style={{ width: widths.time }} placeholder="09:00" aria-label={t('schedule.start')} />
                </Form.Item>
                <Form.Item name={[f.name, 'end']} style={{ marginBottom: 4, width: widths.time }}>
                  <Input style={{ width: widths.time }} placeholder="17:00" aria-label={t('schedule.end')} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={() => remove(f.name)}
                  aria-label={t('common.delete')}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add(nextInterval(form.getFieldValue('intervals') ?? []))}
              style={{ width: 'fit-content' }}
            >
              {t('schedule.add_interval')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Typography.Title level={5}>{t('schedule.holidays')}</Typography.Title>
      <Form.List name="holidays">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBottom: 16 }}>
            {fields.map((f) => (
              <Space key={f.key} align="start" wrap>
                <Form.Item name={[f.name, 'name']} style={{ marginBottom: 4 }}>
                  <Input
                    style={{ width: 200 }}
                    placeholder={t('schedule.holiday_name')}
                    aria-label={t('schedule.holiday_name')}
                  />
                </Form.Item>
                {/* "From" and "To" shown in the boxes: a bare date box said nothing of which end it
                    was, least of all stacked on a phone. */}
                <Form.Item name={[f.name, 'start_date']} style={{ marginBottom: 4 }}>
                  <Input
                    type="date"
                    style={{ width: 190 }}
                    prefix={<Typography.Text type="secondary">{t('schedule.start')}</Typography.Text>}
                    aria-label={t('schedule.start_date')}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'end_date']} style={{ marginBottom: 4 }}>
                  <Input
                    type="date"
                    style={{ width: 190 }}
                    prefix={<Typography.Text type="secondary">{t('schedule.end')}</Typography.Text>}
                    aria-label={t('schedule.end_date')}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={() => remove(f.name)}
                  aria-label={t('common.delete')}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ name: '', start_date: '', end_date: '' })}
              style={{ width: 'fit-content' }}
            >
              {t('schedule.add_holiday')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <FormActions saving={saving} cancelTo={schedulePaths.list} />
    </Form>
  );
}
