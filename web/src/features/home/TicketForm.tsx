import { LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import { type THomeTicketAddRequest, ZEmail, ZHomeTicketAddRequest } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Typography, Upload } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { homeApi } from '../../api/home';
import { schemaRule, showFieldErrors } from '../../components/formRules';
import { publicCardStyle } from '../../components/publicCardStyle';
import { submitOnCtrlEnter } from '../../components/submitOnCtrlEnter';
import { useUploadList } from '../../components/useUploadList';
import { translateMessage } from '../../i18n';
import { useTicketForm } from './useTicketForm';

export interface TTicketValues {
  email: string;
  real_name: string;
  subject: string;
  description: string;
  /** Values of the chosen form's fields, by `field_<id>`. */
  fields?: Record<string, unknown>;
}

// Only a form with fields loads the inputs (the public page stays small without them).
const PublicFieldItems = lazy(() =>
  import('../ticket-field/PublicFieldItems').then((m) => ({ default: m.PublicFieldItems })),
);

const fieldNames = ['email', 'real_name', 'subject', 'description'] as const;
const rules = ZHomeTicketAddRequest.shape;

/**
 * The visitor's ticket: who they are, what it is about, and files uploaded one by one. A second
 * submit while an upload or the send runs is refused (docs/product.md §5), and a refusal from the
 * server (banned, suspended, too many submissions) leaves everything typed in place.
 */
export function TicketForm({
  initialValues,
  onSubmitted,
}: {
  initialValues: Partial<TTicketValues>;
  onSubmitted: (ticketId: number, values: TTicketValues) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TTicketValues>();
  const uploads = useUploadList(homeApi.upload);
  // Offered unless the ticket settings say no (`can_attach`); the server refuses them either way.
  const [formId, setFormId] = useState<number | undefined>(undefined);
  const offer = useTicketForm(formId).data;
  const canAttach = offer?.can_attach ?? true;
  const ticketForm = offer?.form ?? null;
  const sending = useRef(false);
  const send = useMutation({ mutationFn: (body: THomeTicketAddRequest) => homeApi.ticketAdd(body) });
  const busy = send.isPending;

  const submit = async (values: TTicketValues) => {
    if (uploads.isUploading()) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    if (sending.current) {
      void message.warning(translateMessage('sending_in_progress'));
      return;
    }
    sending.current = true;
    let ticketId: number | null = null;
    try {
      const result = await send.mutateAsync({
        email: values.email.trim(),
        real_name: values.real_name.trim(),
        subject: values.subject.trim(),
        description: values.description.trim(),
        file_ids: uploads.fileIds(),
        ...(ticketForm ? { form_id: ticketForm.form_id, fields: filledFields(values.fields) } : {}),
      });
      ticketId = result.ticket_id;
    } catch (error) {
      // The client has shown the server's message; a field it names is marked as well.
      if (isApiError(error)) {
        showFieldErrors(form, error.fields, fieldNames);
        // A ticket field's message goes under its input (`fields.field_<id>` of this form).
        form.setFields(
          Object.entries(error.fields)
            .filter(([name]) => name.startsWith('field_'))
            .map(([name, text]) => ({ name: ['fields', name], errors: [translateMessage(text)] })),
        );
      }
    } finally {
      sending.current = false;
    }
    if (ticketId !== null) {
      onSubmitted(ticketId, values);
    }
  };

  return (
    <Card style={publicCardStyle}>
      <div style={{ marginBottom: 24 }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('home.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.subtitle')}</Typography.Text>
      </div>
      <Form<TTicketValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: '', real_name: '', subject: '', description: '', ...initialValues }}
        onFinish={(values) => void submit(values)}
        scrollToFirstError
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: 16 }}>
          <Form.Item name="email" label={t('home.email')} validateTrigger="onBlur" rules={[schemaRule(ZEmail)]}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('home.email_placeholder')}
              maxLength={254}
            />
          </Form.Item>
          <Form.Item name="real_name" label={t('home.name')} rules={[schemaRule(rules.real_name)]}>
            <Input autoComplete="name" placeholder={t('home.name_placeholder')} maxLength={100} />
          </Form.Item>
        </div>
        <Form.Item name="subject" label={t('home.subject')} rules={[schemaRule(rules.subject)]}>
          <Input placeholder={t('home.subject_placeholder')} maxLength={250} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('home.description')}
          rules={[schemaRule(rules.description)]}
          extra={t('home.description_hint')}
        >
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 14 }}
            placeholder={t('home.description_placeholder')}
            onKeyDown={submitOnCtrlEnter(() => form.submit())}
          />
        </Form.Item>
        {offer && ((offer.forms.length ?? 0) > 1 || (ticketForm?.fields.length ?? 0) > 0) && (
          <Suspense fallback={null}>
            <PublicFieldItems forms={offer.forms} form={ticketForm} onChoose={setFormId} />
          </Suspense>
        )}
        {canAttach && (
          <Form.Item label={t('home.attachments')} extra={t('home.attachments_hint')}>
            <Upload
              fileList={uploads.files}
              multiple={false}
              beforeUpload={(file) => {
                void uploads.add(file);
                return Upload.LIST_IGNORE;
              }}
              onRemove={(file) => uploads.remove(file.uid)}
            >
              <Button icon={<PaperClipOutlined />}>{t('home.attach')}</Button>
            </Upload>
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          // Not `loading`: a click while sending must still say "resubmit later".
          icon={busy ? <LoadingOutlined /> : undefined}
        >
          {busy ? t('home.sending') : t('home.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** What the visitor filled in: inputs left empty are not sent. */
function filledFields(fields: Record<string, unknown> | undefined) {
  return Object.fromEntries(
    Object.entries(fields ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Record<string, string | number | boolean | string[] | null>;
}
