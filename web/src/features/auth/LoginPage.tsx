import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { signInApi } from '../../api/signIn';
import { safeNext } from '../../auth/safeNext';
import { authStore } from '../../auth/storage';
import { followLink } from '../../components/followLink';
import { Alert } from '../../components/light/Alert';
import { Button } from '../../components/light/Button';
import { emailProblem } from '../../components/light/checks';
import { Field, inputAria, type TChecks, useForm } from '../../components/light/form';
import { lockOutlined, mailOutlined } from '../../components/light/iconPaths';
import { Checkbox, PasswordInput, TextInput } from '../../components/light/inputs';
import { PublicFrame } from '../../components/PublicFrame';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';
import { CredentialsCard } from './CredentialsCard';
import type { TPasswordSetNotice } from './PasswordPage';

// Loaded when asked for: the sign-in page's first render stays within its JavaScript budget.
const ForgotPassword = lazy(() => import('./ForgotPassword').then((m) => ({ default: m.ForgotPassword })));

/** The sign-in page's address with or without its "Forgot password?" form, `next` kept. */
function loginHref(params: URLSearchParams, forgot: boolean): string {
  const next = new URLSearchParams(params);
  next.delete('forgot');
  if (forgot) {
    next.set('forgot', '1');
  }
  const query = next.toString();
  return `${paths.login}${query ? `?${query}` : ''}`;
}

interface TLoginValues {
  email: string;
  password: string;
  stay_login: boolean;
}

const checks: TChecks<TLoginValues> = {
  email: emailProblem,
  // ZLoginRequest.password: required, at most 1024 characters.
  password: (v) =>
    v === ''
      ? translateMessage('required_password')
      : v.length > 1024
        ? translateMessage('password_not_allowed')
        : null,
};

/**
 * Staff sign-in; goes back to `next` (when it is an address of this site) afterwards. Built
 * without Ant Design (components/light): the shell loads it after signing in.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  if (params.get('forgot') === '1') {
    // The address typed on the sign-in form comes along (router state), not in the address bar.
    const typed = (location.state ?? null) as { email?: unknown } | null;
    return (
      <PublicFrame>
        <Suspense fallback={null}>
          <ForgotPassword
            email={typeof typed?.email === 'string' ? typed.email : ''}
            backTo={loginHref(params, false)}
          />
        </Suspense>
      </PublicFrame>
    );
  }
  return <SignInForm />;
}

function SignInForm() {
  const { t } = useTranslation();
  // Sent here after setting a password through a mailed link: its address filled in, and a word.
  const arrived = (useLocation().state ?? null) as Partial<TPasswordSetNotice> | null;
  const [notice, setNotice] = useState(typeof arrived?.notice === 'string' ? arrived.notice : null);
  const form = useForm<TLoginValues>(
    'login',
    () => ({ email: typeof arrived?.email === 'string' ? arrived.email : '', password: '', stay_login: false }),
    checks,
  );
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const forgotHref = loginHref(params, true);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors } = form;

  const submit = async () => {
    if (submitting || !form.checkAll()) {
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const stayLogin = values.stay_login;
      const signedIn = await signInApi.login(
        { email: values.email.trim(), password: values.password, stay_login: stayLogin },
        { silent: true },
      );
      authStore.save({ ...signedIn, stay_login: stayLogin });
      void navigate(safeNext(params.get('next'), window.location.origin), { replace: true });
    } catch (error) {
      setSubmitting(false);
      const fields = isApiError(error) ? error.fields : {};
      const named = (['email', 'password'] as const).filter((name) => fields[name]);
      for (const name of named) {
        form.setError(name, fields[name] as string);
      }
      if (named.length === 0) {
        setFailure(isApiError(error) ? error.message : t('error.network'));
      }
    }
  };
  const change = <K extends keyof TLoginValues>(name: K, value: TLoginValues[K], checkNow = true) => {
    setFailure(null);
    form.set(name, value, checkNow);
  };

  return (
    <PublicFrame>
      <CredentialsCard title={t('login.title')} subtitle={t('login.subtitle')}>
        {notice && !failure && <Alert type="info" text={notice} onClose={() => setNotice(null)} />}
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
              // biome-ignore lint/a11y/noAutofocus: the page exists to type into this box
              autoFocus
              disabled={submitting}
              value={values.email}
              onChange={(e) => change('email', e.target.value, false)}
              onBlur={() => form.checkOne('email')}
            />
          </Field>
          <Field id={form.id('password')} label={t('login.password')} error={errors.password} required>
            <PasswordInput
              {...inputAria(form.id('password'), errors.password, false, true)}
              size="large"
              prefix={lockOutlined}
              placeholder={t('login.password_placeholder')}
              autoComplete="current-password"
              disabled={submitting}
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
            />
          </Field>
          <div
            className="pl-item pl-item-tight"
            style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}
          >
            <Checkbox
              checked={values.stay_login}
              disabled={submitting}
              onChange={(checked) => change('stay_login', checked)}
            >
              {t('login.stay_login')}
            </Checkbox>
            <a
              className="pl-link"
              href={forgotHref}
              onClick={followLink((to) => navigate(to, { state: { email: values.email.trim() } }), forgotHref)}
            >
              {t('login.forgot')}
            </a>
          </div>
          <Button variant="primary" type="submit" size="large" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </form>
      </CredentialsCard>
    </PublicFrame>
  );
}
