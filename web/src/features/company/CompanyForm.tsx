import { type TCompany, type TCompanyAddRequest, ZCompanyAddRequest, ZCompanyDomains } from '@parley/contracts';
import { Form, type FormInstance, Input } from 'antd';
import { FormActions } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { useTranslation } from '../../i18n/useTranslation';

export interface TCompanyValues {
  company_name: string;
  /** As typed: domains separated by commas. */
  company_domains: string;
  note: string;
}

export function companyValuesOf(company: TCompany | undefined): TCompanyValues {
  return {
    company_name: company?.company_name ?? '',
    company_domains: company?.company_domains.join(', ') ?? '',
    note: company?.note ?? '',
  };
}

/** The request from the form: the comma string becomes the list the contract cleans it into. */
export function companyRequestOf(values: TCompanyValues): TCompanyAddRequest {
  const domains = ZCompanyDomains.safeParse(values.company_domains ?? '');
  return {
    company_name: values.company_name,
    company_domains: domains.success ? domains.data : [],
    note: values.note ?? '',
  };
}

/** Name, email domains and note of an organization. */
export function CompanyForm({
  form,
  initialValues,
  onFinish,
  saving,
  cancelTo,
  readOnly = false,
}: {
  form: FormInstance<TCompanyValues>;
  initialValues: TCompanyValues;
  onFinish: (values: TCompanyValues) => void;
  saving: boolean;
  cancelTo?: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form<TCompanyValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={saving || readOnly}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="company_name"
        label={t('company.name')}
        rules={[schemaRule(ZCompanyAddRequest.shape.company_name)]}
        required
      >
        <Input autoFocus maxLength={200} />
      </Form.Item>
      <Form.Item
        name="company_domains"
        label={t('company.domains')}
        extra={t('company.domains_hint')}
        rules={[schemaRule(ZCompanyDomains)]}
      >
        <Input placeholder="example.com, example.org" />
      </Form.Item>
      <Form.Item name="note" label={t('company.note')}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
      </Form.Item>
      {!readOnly && <FormActions saving={saving} cancelTo={cancelTo} />}
    </Form>
  );
}
