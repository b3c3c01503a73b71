import { PlusOutlined } from '@ant-design/icons';
import type { TCompany } from '@parley/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { accountApi } from '../../api/account';
import { companyApi } from '../../api/company';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { SearchBox } from '../../components/SearchBox';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useListParams } from '../../components/useListParams';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { companyKeys, companyPaths, useCompanyList } from './queries';

/** Settings › Organizations. */
export function CompanyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = useCompanyList({ kw: list.kw, offset: list.offset, limit: list.limit });
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (company: TCompany, opts) => companyApi.delete(company.company_id, opts),
    invalidate: [companyKeys.all],
    successKey: 'deleted',
    onSaved: () => {
      if (query.data?.list.length === 1) {
        list.backOnePage();
      }
    },
  });

  /** Its people stay, without an organization: the question says how many. */
  const askDelete = async (company: TCompany) => {
    const members = await accountApi
      .list({ company_id: company.company_id, offset: 0, limit: 1 }, { silent: true })
      .then((r) => r.total)
      .catch(() => 0);
    confirmDelete(
      () => remove.saveAsync(company),
      <>
        <div>{company.company_name}</div>
        {members > 0 && <div>{t('company.delete_members', { count: members })}</div>}
      </>,
    );
  };

  return (
    <ListPage
      subtitle={t('company.subtitle')}
      actions={
        <Can btn="company.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={companyPaths.add}>
            {t('company.add')}
          </LinkButton>
        </Can>
      }
      filters={<SearchBox value={list.kw} onSearch={list.setKw} />}
    >
      <Table<TCompany>
        rowKey="company_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '', t('company.empty'))}
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('company.name'),
            dataIndex: 'company_name',
            render: (name: string, company) => <Link to={companyPaths.page(company.company_id)}>{name}</Link>,
          },
          {
            title: t('company.domains'),
            dataIndex: 'company_domains',
            render: (domains: string[]) =>
              domains.length === 0 ? (
                <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
              ) : (
                <Space size={4} wrap>
                  {domains.map((d) => (
                    <Tag key={d}>{d}</Tag>
                  ))}
                </Space>
              ),
          },
          {
            title: t('company.note'),
            dataIndex: 'note',
            ellipsis: true,
          },
          actionsColumn<TCompany>(t('common.actions'), 200, (company) => (
            <>
              <EditAction
                btn="company.edit"
                onClick={() => void navigate(companyPaths.edit, { state: editState(company.company_id) })}
              />
              <DeleteAction btn="company.delete" onClick={() => void askDelete(company)} />
            </>
          )),
        ]}
      />
    </ListPage>
  );
}
