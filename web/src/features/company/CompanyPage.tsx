import type { TCompany, TTicketSort } from '@parley/contracts';
import { Button, Card, Flex, Form, Result, Tabs } from 'antd';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { companyApi } from '../../api/company';
import { usePermission } from '../../auth/usePermission';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { useListParams } from '../../components/useListParams';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { useAccountList } from '../../pickers/accountQueries';
import { paths } from '../../routes/table';
import { AccountTable } from '../account/AccountTable';
import { TicketTable } from '../ticket/list/TicketTable';
import { searchColumns } from '../ticket/list/ticketColumns';
import { useTicketList } from '../ticket/shared/queries';
import { CompanyForm, companyRequestOf, companyValuesOf, type TCompanyValues } from './CompanyForm';
import { companyKeys, companyPaths, useCompany } from './queries';

/** /wswt/company/:company_id: an organization, its people and its tickets. */
export function CompanyPage() {
  const { company_id: raw } = useParams();
  const companyId = Number(raw);
  const valid = Number.isInteger(companyId) && companyId > 0;
  const company = useCompany(valid ? companyId : null);
  if (!valid) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (!company.data) {
    return <PageLoading />;
  }
  return <CompanyView key={companyId} company={company.data} />;
}

function CompanyView({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const editable = can('btn', 'company.edit');
  const [form] = Form.useForm<TCompanyValues>();
  const { save, saving } = useSave({
    form,
    call: (values: TCompanyValues, opts) =>
      companyApi.edit({ ...companyRequestOf(values), company_id: company.company_id }, opts),
    invalidate: [companyKeys.all],
  });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <PageHeader
        backTo={companyPaths.list}
        title={company.company_name}
        subtitle={company.company_domains.length > 0 ? company.company_domains.join(', ') : undefined}
      />
      <Card variant="borderless" styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          destroyOnHidden
          items={[
            {
              key: 'people',
              label: t('company.tab_people'),
              children: <CompanyPeople companyId={company.company_id} />,
            },
            {
              key: 'tickets',
              label: t('company.tab_tickets'),
              children: <CompanyTickets companyId={company.company_id} />,
            },
            {
              key: 'details',
              label: t('company.tab_details'),
              children: (
                <CompanyForm
                  form={form}
                  initialValues={companyValuesOf(company)}
                  onFinish={save}
                  saving={saving}
                  readOnly={!editable}
                />
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}

function CompanyPeople({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const list = useListParams();
  const query = useAccountList({ company_id: companyId, offset: list.offset, limit: list.limit });
  return (
    <AccountTable
      rows={query.data?.list}
      loading={query.isFetching}
      pagination={list.pagination(query.data?.total)}
      filtered={false}
      emptyText={t('company.no_people')}
    />
  );
}

/** The organization's tickets (requested by its people), newest activity first, sortable. */
function CompanyTickets({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [at, setAt] = useState({ page: 1, size: 20 });
  const [sort, setSort] = useState<TTicketSort>('-update_ts');
  const query = useTicketList({
    company_id: companyId,
    offset: (at.page - 1) * at.size,
    limit: at.size,
    sort,
  });
  if (query.isError && !query.isFetching) {
    return (
      <Result
        status="error"
        title={t('company.tickets_failed')}
        subTitle={query.error.message}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <TicketTable
      rows={query.data?.list}
      columns={searchColumns}
      loading={query.isFetching}
      pagination={{
        current: at.page,
        pageSize: at.size,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        onChange: (page, size) => setAt({ page: size === at.size ? page : 1, size }),
      }}
      sort={sort}
      onSort={(next) => setSort(next ?? '-update_ts')}
      filtered={false}
      emptyText={t('company.no_tickets')}
    />
  );
}
