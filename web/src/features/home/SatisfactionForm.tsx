import type { TSatisfactionAddRequest, TSatisfactionGetResponse } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../api/errors';
import { homeApi } from '../../api/home';
import { Alert } from '../../components/light/Alert';
import { Button } from '../../components/light/Button';
import { Field, inputAria, type TChecks, useForm } from '../../components/light/form';
import { Icon } from '../../components/light/Icon';
import { frownOutlined, smileOutlined } from '../../components/light/iconPaths';
import { TextArea } from '../../components/light/inputs';
import { submitOnCtrlEnter } from '../../components/submitOnCtrlEnter';
import { i18n } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';

type TRating = TSatisfactionAddRequest['satisfaction'];

interface TSurveyValues {
  satisfaction: TRating | null;
  comment: string;
}

/** Longest comment the server keeps. */
const commentMax = 2000;

const ratingIcons = { good: smileOutlined, bad: frownOutlined } as const;

const checks: TChecks<TSurveyValues> = {
  satisfaction: (v) => (v === 'good' || v === 'bad' ? null : i18n.t('home.rating_required')),
};

/**
 * The requester rates a ticket good or bad with an optional comment. A rating already given is
 * shown and may be changed: the server keeps the last one.
 */
export function SatisfactionForm({
  token,
  survey,
  onRated,
  onGone,
}: {
  token: string;
  survey: TSatisfactionGetResponse;
  onRated: (values: { satisfaction: TRating; comment: string }) => void;
  /** The ticket went away meanwhile (0404). */
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const rated = survey.satisfaction === 'unoffered' ? null : survey.satisfaction;
  const form = useForm<TSurveyValues>(
    'survey',
    () => ({ satisfaction: rated, comment: survey.satisfaction_comment }),
    checks,
  );
  const rate = useMutation({
    mutationFn: (body: TSatisfactionAddRequest) => homeApi.satisfactionAdd(body, { silent: ['0404'] }),
    onSuccess: (_data, body) => onRated({ satisfaction: body.satisfaction, comment: body.comment ?? '' }),
    onError: (error) => {
      if (isApiError(error) && error.code === '0404') {
        onGone();
      }
    },
  });
  const { values, errors } = form;
  const busy = rate.isPending;

  const submit = () => {
    if (busy || !form.checkAll() || !values.satisfaction) {
      return;
    }
    rate.mutate({ token, satisfaction: values.satisfaction, comment: values.comment.trim() });
  };

  return (
    <div className="pl-card">
      <div className="pl-card-head">
        <h1 className="pl-title">{t('home.survey_title')}</h1>
        <span className="pl-muted">{t('home.survey_subtitle')}</span>
      </div>
      <div
        style={{
          display: 'flex',
          gap: 12,
          alignItems: 'baseline',
          padding: '12px 16px',
          marginBottom: 24,
          background: '#f5f7fa',
          borderRadius: 8,
        }}
      >
        <span className="pl-muted" style={{ flex: 'none' }}>
          #{survey.ticket_id}
        </span>
        <strong style={{ minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>{survey.subject}</strong>
      </div>
      {rated && <Alert type="info" text={t('home.already_rated', { rating: t(`home.rating_${rated}`) })} />}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className={errors.satisfaction ? 'pl-item pl-item-help' : 'pl-item'}>
          <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-describedby="survey-satisfaction-help">
            <legend className="pl-label">{t('home.rating_label')}</legend>
            <div className="pl-segments">
              {(['good', 'bad'] as const).map((value) => (
                <label key={value} className="pl-segment">
                  <input
                    type="radio"
                    name="satisfaction"
                    id={value === 'good' ? form.id('satisfaction') : undefined}
                    value={value}
                    checked={values.satisfaction === value}
                    disabled={busy}
                    aria-invalid={errors.satisfaction ? true : undefined}
                    onChange={() => form.set('satisfaction', value)}
                  />
                  <span>
                    <Icon paths={ratingIcons[value]} />
                    {t(`home.rating_${value}`)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {errors.satisfaction && (
            <div id="survey-satisfaction-help" className="pl-error-text" role="alert">
              {errors.satisfaction}
            </div>
          )}
        </div>
        <Field id={form.id('comment')} label={t('home.comment_label')} tight>
          <TextArea
            {...inputAria(form.id('comment'), null, false)}
            minRows={3}
            maxRows={10}
            maxLength={commentMax}
            showCount
            disabled={busy}
            placeholder={t('home.comment_placeholder')}
            value={values.comment}
            onChange={(e) => form.set('comment', e.target.value)}
            onKeyDown={submitOnCtrlEnter(submit)}
          />
        </Field>
        <Button variant="primary" type="submit" size="large" block loading={busy}>
          {t('home.send_rating')}
        </Button>
      </form>
    </div>
  );
}
