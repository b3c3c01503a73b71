import { passwordLinkTokenPattern, passwordProblem, type TPasswordLinkGetResponse } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { homeApi } from '../../api/home';
import { Alert } from '../../components/light/Alert';
import { Button, LinkButton } from '../../components/light/Button';
import { Field, inputAria, type TChecks, useForm } from '../../components/light/form';
import { lockOutlined } from '../../components/light/iconPaths';
import { PasswordInput } from '../../components/light/inputs';
import { Result, Skeleton } from '../../components/light/Result';
import { PublicFrame } from '../../components/PublicFrame';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';
import { CredentialsCard } from './CredentialsCard';

interface TPasswordValues {
  password: string;
  confirm: string;
}

/** What the sign-in page is told after a password was set here (router state). */
export interface TPasswordSetNotice {
  email: string;
  notice: string;
}

/** A link that cannot set a password: why (the server's words), the way to sign in, and to ask for a new link. */
function LinkProblem({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="pl-card" style={{ maxWidth: 480 }}>
      <Result
        status="warning"
        title={t('password.problem_title')}
        subTitle={text}
        extra={
          <>
            <LinkButton variant="primary" to={paths.login}>
              {t('password.to_login')}
            </LinkButton>{' '}
            <LinkButton to={`${paths.login}?forgot=1`}>{t('password.new_link')}</LinkButton>
          </>
        }
      />
    </div>
  );
}

/**
 * /wswt/password?token=…: the page of a mailed link (an invitation or a new password). The
 * person types their password twice (the contracts' rules: 5 to 127 characters, not their email)
 * and is sent to sign in with it. Built without Ant Design, like the sign-in page.
 */
export function PasswordPage() {
  const [params] = useSearchParams();
  const raw = params.get('token');
  const token = raw !== null && passwordLinkTokenPattern.test(raw) ? raw : null;
  const [link, setLink] = useState<TPasswordLinkGetResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : translateMessage('password_link_invalid'));

  useEffect(() => {
    if (!token) {
      return;
    }
    const controller = new AbortController();
    homeApi
      .passwordLinkGet(token, { signal: controller.signal, silent: true })
      .then(setLink)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setProblem(error instanceof Error ? error.message : translateMessage('password_link_invalid'));
        }
      });
    return () => controller.abort();
  }, [token]);

  return (
    <PublicFrame>
      {problem !== null ? (
        <LinkProblem text={problem} />
      ) : link && token ? (
        <PasswordForm token={token} link={link} onProblem={setProblem} />
      ) : (
        <div className="pl-card" style={{ maxWidth: 420 }} aria-busy="true">
          <Skeleton rows={4} />
        </div>
      )}
    </PublicFrame>
  );
}

function PasswordForm({
  token,
  link,
  onProblem,
}: {
  token: string;
  link: TPasswordLinkGetResponse;
  onProblem: (text: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checks: TChecks<TPasswordValues> = {
    password: (v) => {
      if (v === '') {
        return translateMessage('required_password');
      }
      // The rule it breaks, by name: its length, or that it is the email.
      const problem = passwordProblem(v, link.email);
      return problem ? translateMessage(problem) : null;
    },
    confirm: (v, all) => (v === all.password ? null : translateMessage('passwords_inconsistent')),
  };
  const form = useForm<TPasswordValues>('password', () => ({ password: '', confirm: '' }), checks);
  const { values, errors } = form;

  const submit = async () => {
    if (submitting || !form.checkAll()) {
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const done = await homeApi.passwordLinkSet({ token, password: values.password }, { silent: true });
      const state: TPasswordSetNotice = { email: done.email, notice: translateMessage('password_set') };
      void navigate(paths.login, { replace: true, state });
    } catch (error) {
      setSubmitting(false);
      const fields = isApiError(error) ? error.fields : {};
      if (fields.token) {
        onProblem(fields.token);
      } else if (fields.password) {
        form.setError('password', fields.password);
      } else {
        setFailure(error instanceof Error ? error.message : t('error.network'));
      }
    }
  };

  return (
    <CredentialsCard
      title={link.purpose === 'invite' ? t('password.title_invite') : t('password.title_reset')}
      subtitle={t('password.subtitle', { email: link.email })}
    >
      {failure && <Alert type="error" text={failure} onClose={() => setFailure(null)} />}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {/* The account's address, for the browser's password manager. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <Field
          id={form.id('password')}
          label={t('password.new')}
          error={errors.password}
          extra={t('password.rule')}
          required
        >
          <PasswordInput
            {...inputAria(form.id('password'), errors.password, true, true)}
            size="large"
            prefix={lockOutlined}
            autoComplete="new-password"
            autoFocus
            disabled={submitting}
            value={values.password}
            onChange={(e) => form.set('password', e.target.value, false)}
            onBlur={() => form.checkOne('password')}
          />
        </Field>
        <Field id={form.id('confirm')} label={t('password.confirm')} error={errors.confirm} required>
          <PasswordInput
            {...inputAria(form.id('confirm'), errors.confirm, false, true)}
            size="large"
            prefix={lockOutlined}
            autoComplete="new-password"
            disabled={submitting}
            value={values.confirm}
            onChange={(e) => form.set('confirm', e.target.value, false)}
            onBlur={() => form.checkOne('confirm')}
          />
        </Field>
        <Button variant="primary" type="submit" size="large" block loading={submitting}>
          {t('password.submit')}
        </Button>
      </form>
    </CredentialsCard>
  );
}
