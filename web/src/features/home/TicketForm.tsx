import { commentBodyMax, type THomeTicketAddRequest } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors';
import { homeApi } from '../../api/home';
import { session, storageKeys } from '../../auth/storage';
import { Button } from '../../components/light/Button';
import { emailProblem, textProblem } from '../../components/light/checks';
import { Field, inputAria, type TChecks, useForm } from '../../components/light/form';
import { Spinner } from '../../components/light/Icon';
import { TextArea, TextInput } from '../../components/light/inputs';
import { toast } from '../../components/light/toast';
import { ctrlEnterHintFits, submitOnCtrlEnter } from '../../components/submitOnCtrlEnter';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { AttachmentPicker } from './AttachmentPicker';
import { usePublicUploads } from './usePublicUploads';
import { useTicketForm } from './useTicketForm';

export interface TTicketValues {
  email: string;
  real_name: string;
  subject: string;
  description: string;
  /** Values of the chosen form's fields, by `field_<id>`. */
  fields?: Record<string, unknown>;
}
type TFixed = Omit<TTicketValues, 'fields'>;
/** What the tab keeps of a ticket not sent yet (files are not kept: they are chosen again). */
type TDraft = { values: TFixed; fields: Record<string, unknown>; form_id?: number };
const draftTtl = 24 * 60 * 60 * 1000;

// Only a form with fields loads the inputs (the public page stays small without them).
const PublicFields = lazy(() => import('./PublicFields').then((m) => ({ default: m.PublicFields })));

// ZHomeTicketAddRequest's rules (the server checks the same).
const checks: TChecks<TFixed> = {
  email: emailProblem,
  real_name: (v) => textProblem(v, 'required_person_name', 100),
  subject: (v) => textProblem(v, 'required_subject', 250),
  description: (v) => textProblem(v, 'required_description', commentBodyMax),
};

/**
 * The visitor's ticket: who they are, what it is about, the chosen ticket form's fields, and
 * files uploaded one by one. A second submit while an upload or the send runs is refused
 * (docs/product.md §5), and a refusal from the server (banned, suspended, too many submissions)
 * leaves everything typed in place. Built without Ant Design (components/light).
 */
export function TicketForm({
  initialValues,
  onSubmitted,
}: {
  initialValues: Partial<TTicketValues>;
  onSubmitted: (ticketId: number, values: TTicketValues) => void;
}) {
  const { t } = useTranslation();
  // A reload (or a tap on the wrong link and back) does not lose what was typed: the tab keeps it until sent.
  const [draft] = useState(() => session.get<TDraft>(storageKeys.ticketDraft));
  const form = useForm<TFixed>(
    'home',
    () => ({ email: '', real_name: '', subject: '', description: '', ...initialValues, ...draft?.values }),
    checks,
  );
  const [fields, setFields] = useState<Record<string, unknown>>(draft?.fields ?? initialValues.fields ?? {});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The fields' own check (required, pattern), set by PublicFields for the visible fields.
  const checkFields = useRef<() => Record<string, string>>(() => ({}));
  const uploads = usePublicUploads();
  // Offered unless the ticket settings say no (`can_attach`); the server refuses them either way.
  const [formId, setFormId] = useState<number | undefined>(draft?.form_id);
  const offer = useTicketForm(formId).data;
  const canAttach = offer?.can_attach ?? true;
  const ticketForm = offer?.form ?? null;
  const sending = useRef(false);
  const send = useMutation({ mutationFn: (body: THomeTicketAddRequest) => homeApi.ticketAdd(body) });
  const busy = send.isPending;
  const { values, errors } = form;
  const [ctrlEnterHint] = useState(ctrlEnterHintFits);
  useEffect(() => {
    const typed = values.subject || values.description || Object.keys(fields).length > 0;
    if (typed) {
      session.set<TDraft>(storageKeys.ticketDraft, { values, fields, form_id: formId }, draftTtl);
    } else {
      session.remove(storageKeys.ticketDraft);
    }
  }, [values, fields, formId]);

  const submit = async () => {
    const fixedOk = form.checkAll();
    const wrongFields = checkFields.current();
    setFieldErrors(wrongFields);
    if (!fixedOk || Object.keys(wrongFields).length > 0) {
      if (fixedOk) {
        document.getElementById(`home-${Object.keys(wrongFields)[0]}`)?.focus();
      }
      return;
    }
    if (uploads.isUploading()) {
      toast.warning(translateMessage('upload_in_progress'));
      return;
    }
    if (sending.current) {
      toast.warning(translateMessage('sending_in_progress'));
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
        ...(ticketForm ? { form_id: ticketForm.form_id, fields: filledFields(fields) } : {}),
      });
      ticketId = result.ticket_id;
    } catch (error) {
      // The client has shown the server's message; a field it names is marked as well, a ticket
      // field's message (`field_<id>`) under its input.
      if (isApiError(error)) {
        for (const [name, text] of Object.entries(error.fields)) {
          if (name in checks) {
            form.setError(name as keyof TFixed, text);
          }
        }
        const named = Object.entries(error.fields).filter(([name]) => name.startsWith('field_'));
        if (named.length) {
          setFieldErrors((old) => ({ ...old, ...Object.fromEntries(named.map(([n, v]) => [n, translateMessage(v)])) }));
        }
      }
    } finally {
      sending.current = false;
    }
    if (ticketId !== null) {
      session.remove(storageKeys.ticketDraft);
      onSubmitted(ticketId, { ...values, fields });
    }
  };

  const text = (name: keyof TFixed, label: string, input: Parameters<typeof TextInput>[0]) => (
    <Field id={form.id(name)} label={label} error={errors[name]} required>
      <TextInput
        {...inputAria(form.id(name), errors[name], false, true)}
        {...input}
        value={values[name]}
        onChange={(e) => form.set(name, e.target.value, name !== 'email')}
        onBlur={name === 'email' ? () => form.checkOne('email') : undefined}
      />
    </Field>
  );

  return (
    <div className="pl-card">
      <div className="pl-card-head">
        <h1 className="pl-title">{t('home.title')}</h1>
        <span className="pl-muted">{t('home.subtitle')}</span>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="pl-form-grid">
          {text('email', t('home.email'), {
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            placeholder: t('home.email_placeholder'),
            maxLength: 254,
          })}
          {text('real_name', t('home.name'), {
            autoComplete: 'name',
            placeholder: t('home.name_placeholder'),
            maxLength: 100,
          })}
        </div>
        {text('subject', t('home.subject'), { placeholder: t('home.subject_placeholder'), maxLength: 250 })}
        <Field
          id={form.id('description')}
          label={t('home.description')}
          error={errors.description}
          extra={ctrlEnterHint ? t('home.description_hint') : undefined}
          required
        >
          <TextArea
            {...inputAria(form.id('description'), errors.description, ctrlEnterHint, true)}
            minRows={5}
            maxRows={14}
            placeholder={t('home.description_placeholder')}
            value={values.description}
            onChange={(e) => form.set('description', e.target.value)}
            onKeyDown={submitOnCtrlEnter(() => void submit())}
          />
        </Field>
        {offer && (offer.forms.length > 1 || (ticketForm?.fields.length ?? 0) > 0) && (
          <Suspense fallback={null}>
            <PublicFields
              forms={offer.forms}
              form={ticketForm}
              onChoose={setFormId}
              values={fields}
              onChange={(next, changed) => {
                setFields(next);
                setFieldErrors((old) => {
                  const { [changed]: _gone, ...rest } = old;
                  return rest;
                });
              }}
              errors={fieldErrors}
              checkRef={checkFields}
            />
          </Suspense>
        )}
        {canAttach && <AttachmentPicker uploads={uploads} />}
        <Button variant="primary" type="submit" size="large" block icon={busy ? <Spinner /> : undefined}>
          {busy ? t('home.sending') : t('home.submit')}
        </Button>
      </form>
    </div>
  );
}

/** What the visitor filled in: inputs left empty are not sent. */
function filledFields(fields: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Record<string, string | number | boolean | string[] | null>;
}
