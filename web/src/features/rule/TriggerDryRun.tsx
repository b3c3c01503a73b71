import type { TTriggerDryRunResponse, TTriggerInput } from '@parley/contracts';
import { ErrorCode } from '@parley/contracts';
import { Alert, Button, Card, Flex, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { triggerApi } from '../../api/rule';
import { useTranslation } from '../../i18n/useTranslation';
import { ConditionResults, EffectList } from './EffectList';

type TRow = TTriggerDryRunResponse['list'][number];

/** The editor's dry run: the triggers (this one as edited) against a ticket, nothing changed. */
export function TriggerDryRun({ draft, triggerId }: { draft: () => TTriggerInput; triggerId: number | null }) {
  const { t } = useTranslation();
  const [ticketId, setTicketId] = useState<number | null>(null);
  const [type, setType] = useState<'created' | 'updated'>('created');
  const [result, setResult] = useState<TTriggerDryRunResponse | null>(null);
  const [busy, setBusy] = useState(false);
  /** Why the last run has no result, said here: a ticket that does not exist must not leave the editor. */
  const [refused, setRefused] = useState<string | null>(null);
  const run = async () => {
    if (!ticketId) {
      return;
    }
    setBusy(true);
    setRefused(null);
    try {
      setResult(
        await triggerApi.dryRun(
          {
            ticket_id: ticketId,
            update_type: type,
            draft: { ...draft(), trigger_id: triggerId },
          },
          { silent: [ErrorCode.notFound] },
        ),
      );
    } catch (error) {
      setResult(null);
      if (error instanceof ApiError && error.code === ErrorCode.notFound) {
        setRefused(error.message);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('rule.dry_run')} style={{ marginTop: 24 }} data-testid="dry-run">
      <Typography.Paragraph type="secondary">{t('rule.dry_run_hint')}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <InputNumber
          min={1}
          placeholder={t('rule.ticket_id')}
          value={ticketId}
          onChange={setTicketId}
          // Enter runs, as the button beside it does (the editor's form is not around it to submit).
          onPressEnter={() => void run()}
          aria-label={t('rule.ticket_id')}
          style={{ width: 160 }}
        />
        <Select
          value={type}
          onChange={setType}
          aria-label={t('rule.dry_run_event')}
          style={{ width: 160 }}
          options={(['created', 'updated'] as const).map((v) => ({ value: v, label: t(`rule.update_type.${v}`) }))}
        />
        <Button onClick={() => void run()} loading={busy} disabled={!ticketId}>
          {t('rule.run')}
        </Button>
      </Flex>
      {refused && <Alert type="warning" showIcon title={refused} />}
      {result && (
        <Table<TRow>
          rowKey="trigger_id"
          size="small"
          pagination={false}
          dataSource={result.list}
          columns={[
            {
              title: t('rule.title'),
              width: 220,
              render: (_: unknown, r: TRow) => (
                <Flex vertical gap={4}>
                  <span>{r.title}</span>
                  <Tag color={r.fired ? (r.error ? 'red' : 'green') : 'default'} style={{ width: 'fit-content' }}>
                    {r.fired ? t('rule.fired') : t('rule.not_fired')}
                  </Tag>
                </Flex>
              ),
            },
            {
              title: t('rule.conditions'),
              render: (_: unknown, r: TRow) => <ConditionResults list={r.conditions} />,
            },
            {
              title: t('rule.changes'),
              width: 280,
              render: (_: unknown, r: TRow) =>
                r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : <EffectList list={r.effects} />,
            },
          ]}
        />
      )}
    </Card>
  );
}
