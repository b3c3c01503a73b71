import type { TAutomationDryRunResponse, TAutomationInput } from '@parley/contracts';
import { Button, Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { automationApi } from '../../api/rule';
import { useTranslation } from '../../i18n/useTranslation';
import { EffectList } from './EffectList';

type TRow = TAutomationDryRunResponse['list'][number];

/** The editor's dry run: the tickets this automation (as edited) would act on now, and how. */
export function AutomationDryRun({
  draft,
  automationId,
}: {
  draft: () => TAutomationInput;
  automationId: number | null;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<TAutomationDryRunResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setResult(
        await automationApi.dryRun({ draft: draft(), ...(automationId ? { automation_id: automationId } : {}) }),
      );
    } catch {
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('rule.dry_run')} style={{ marginTop: 24 }} data-testid="dry-run">
      <Button onClick={() => void run()} loading={busy} style={{ marginBottom: 12 }}>
        {t('rule.run')}
      </Button>
      {result && (
        <>
          <Typography.Paragraph strong>
            {result.list.length < result.total
              ? t('rule.would_touch_first', { count: result.total, shown: result.list.length })
              : t('rule.would_touch', { count: result.total })}
          </Typography.Paragraph>
          <Table<TRow>
            rowKey="ticket_id"
            size="small"
            pagination={false}
            dataSource={result.list}
            columns={[
              { title: t('rule.ticket_id'), dataIndex: 'ticket_id', width: 100 },
              { title: t('rule.subject'), dataIndex: 'subject' },
              {
                title: t('rule.changes'),
                width: 320,
                // An action that would fail is said, as in the triggers' dry run (the run records it).
                render: (_: unknown, r: TRow) =>
                  r.error ? (
                    <Typography.Text type="danger">{r.error}</Typography.Text>
                  ) : (
                    <EffectList list={r.effects} />
                  ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
