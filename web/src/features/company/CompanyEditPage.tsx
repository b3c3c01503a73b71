import type { TCompany } from '@parley/contracts';
import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { companyApi } from '../../api/company';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { RequireStateId } from '../../components/RequireStateId';
import { useSave } from '../../components/useSave';
import { CompanyForm, companyRequestOf, companyValuesOf, type TCompanyValues } from './CompanyForm';
import { companyKeys, companyPaths, useCompany } from './queries';

/** Settings › Organizations › Edit: the organization comes from the list (router state). */
export function CompanyEditPage() {
  return <RequireStateId listPath={companyPaths.list}>{(id) => <CompanyEdit companyId={id} />}</RequireStateId>;
}

function CompanyEdit({ companyId }: { companyId: number }) {
  const company = useCompany(companyId);
  return (
    <FormPage backTo={companyPaths.list} subtitle={company.data?.company_name}>
      {company.data ? <CompanyEditForm company={company.data} /> : <PageLoading />}
    </FormPage>
  );
}

function CompanyEditForm({ company }: { company: TCompany }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<TCompanyValues>();
  const { save, saving } = useSave({
    form,
    call: (values: TCompanyValues, opts) =>
      companyApi.edit({ ...companyRequestOf(values), company_id: company.company_id }, opts),
    invalidate: [companyKeys.all],
    onSaved: () => void navigate(companyPaths.list),
  });
  return (
    <CompanyForm
      form={form}
      initialValues={companyValuesOf(company)}
      onFinish={save}
      saving={saving}
      cancelTo={companyPaths.list}
    />
  );
}
