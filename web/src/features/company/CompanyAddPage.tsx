import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { companyApi } from '../../api/company';
import { FormPage } from '../../components/FormPage';
import { useSave } from '../../components/useSave';
import { CompanyForm, companyRequestOf, companyValuesOf, type TCompanyValues } from './CompanyForm';
import { companyKeys, companyPaths } from './queries';

export function CompanyAddPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<TCompanyValues>();
  const { save, saving } = useSave({
    form,
    call: (values: TCompanyValues, opts) => companyApi.add(companyRequestOf(values), opts),
    invalidate: [companyKeys.all],
    onSaved: () => void navigate(companyPaths.list),
  });
  return (
    <FormPage backTo={companyPaths.list}>
      <CompanyForm
        form={form}
        initialValues={companyValuesOf(undefined)}
        onFinish={save}
        saving={saving}
        cancelTo={companyPaths.list}
      />
    </FormPage>
  );
}
