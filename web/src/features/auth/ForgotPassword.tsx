import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors';
import { homeApi } from '../../api/home';
import { Alert } from '../../components/light/Alert';
import { Button, LinkButton } from '../../components/light/Button';
import { emailProblem } from '../../components/light/checks';
import { Field, inputAria, useForm } from '../../components/light/form';
import { mailOutlined } from '../../components/light/iconPaths';
import { TextInput } from '../../components/light/inputs';
import { Result, Skeleton } from '../../components/light/Result';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/forgotStrings';
import { CredentialsCard } from './CredentialsCard';

/**
 * "Forgot password?" on the sign-in page (/wswt/login?forgot=1): the email, then the same words
 * whether or not an account has it (the server mails a 1-hour link to an admin or agent only).
 * Without the email channel it says so, and to ask an admin, instead of offering the form.
 */
export function ForgotPassword({ email, backTo }: { email: string; backTo: string }) {
  const { t } = useTranslation();
  const [canMail, setCanMail] = useState<boolean | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    homeApi
      .passwordForgotState({ signal: controller.signal, silent: true })
      .then((state) => setCanMail(state.can_mail))
      // Not known: offer the form; sending says what is wrong.
      .catch(() => !controller.signal.aborted && setCanMail(true));
    return () => controller.abort();
  }, []);

  const back = (
    <LinkButton variant={canMail === false ? 'primary' : 'text'} to={backTo}>
      {t('forgot.back')}
    </LinkButton>
  );
  if (canMail === null) {
    return (
      <div className="pl-card" style={{ maxWidth: 420 }} aria-busy="true">
        <Skeleton rows={3} />
      </div>
    );
  }
  if (!canMail) {
    return (
      <div className="pl-card" style={{ maxWidth: 480 }}>
        <Result
          status="warning"
          title={t('forgot.unavailable_title')}
          subTitle={translateMessage('password_forgot_unavailable')}
          extra={back}
        />
      </div>
    );
  }
  return <ForgotForm email={email} back={back} backTo={backTo} />;
}

function ForgotForm({ email, back, backTo }: { email: string; back: ReactNode; backTo: string }) {
  const { t } = useTranslation();
  const form = useForm<{ email: string }>('forgot', () => ({ email }), { email: emailProblem });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);
  const { values, errors } = form;

  useEffect(() => {
    if (sentTo !== null) {
      // The outcome replaces the form: the keyboard's place moves to it, and it is read out.
      done.current?.focus();
    }
  }, [sentTo]);

  const submit = async () => {
    if (submitting || !form.checkAll()) {
      return;
    }
    setFailure(null);
    setSubmitting(true);
    const address = values.email.trim();
    try {
      await homeApi.passwordForgotSend({ email: address }, { silent: true });
      setSentTo(address);
    } catch (error) {
      const field = isApiError(error) ? error.fields.email : undefined;
      if (field) {
        form.setError('email', field);
      } else {
        setFailure(error instanceof Error ? error.message : t('error.network'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo !== null) {
    return (
      // Focused for screen readers (it replaced the form); no ring around a whole card that cannot be used.
      <div className="pl-card" style={{ maxWidth: 480, outline: 'none' }} ref={done} tabIndex={-1} role="status">
        <Result
          status="success"
          title={t('forgot.sent_title')}
          subTitle={
            <>
              <p style={{ margin: '0 0 8px', color: 'var(--pl-text)' }}>{translateMessage('password_forgot_sent')}</p>
              <p className="pl-muted" style={{ margin: 0 }}>
                {t('forgot.sent_hint', { email: sentTo })}
              </p>
            </>
          }
          extra={
            <LinkButton variant="primary" to={backTo}>
              {t('forgot.back')}
            </LinkButton>
          }
        />
      </div>
    );
  }

  return (
    <CredentialsCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {failure && <Alert type="error" text={failure} onClose={() => setFailure(null)} />}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field id={form.id('email')} label={t('login.email')} error={errors.email} required>
          <TextInput
            {...inputAria(form.id('email'), errors.email, false, true)}
            size="large"
            prefix={mailOutlined}
            placeholder={t('login.email_placeholder')}
            autoComplete="username"
            inputMode="email"
            autoFocus
            disabled={submitting}
            value={values.email}
            onChange={(e) => {
              setFailure(null);
              form.set('email', e.target.value, false);
            }}
            onBlur={() => form.checkOne('email')}
          />
        </Field>
        <Button variant="primary" type="submit" size="large" block loading={submitting}>
          {t('forgot.submit')}
        </Button>
      </form>
      <div style={{ textAlign: 'center', marginTop: 12 }}>{back}</div>
    </CredentialsCard>
  );
}
