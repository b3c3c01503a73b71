import { satisfactionTokenPattern, type TSatisfactionGetResponse } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { homeApi } from '../../api/home';
import { Skeleton } from '../../components/light/Result';
import { PublicFrame } from '../../components/PublicFrame';
import { useTranslation } from '../../i18n/useTranslation';
import { homeKeys, useSatisfaction } from './queries';
import { SatisfactionForm } from './SatisfactionForm';
import { SatisfactionThanks } from './SatisfactionThanks';
import { StaffSignInLink } from './StaffSignInLink';
import { SurveyClosed, SurveyLinkInvalid, SurveyLoadFailed } from './SurveyLinkProblem';
import { useLinkLanguage } from './useLinkLanguage';

/** A token as the server would take it, else null (no call is made for a broken link). */
function tokenOf(raw: string | null): string | null {
  return raw !== null && satisfactionTokenPattern.test(raw) ? raw : null;
}

function Survey({ token, oneClick }: { token: string; oneClick: 'good' | 'bad' | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const survey = useSatisfaction(token);
  const [thanked, setThanked] = useState(false);
  const [gone, setGone] = useState(false);
  // The mail's "good" / "bad" links rate in one click; after Bad the thanks screen asks why, and
  // "Change my rating" opens the form with its comment. Nothing is sent while ratings are off.
  const clicked = useRef(false);
  const data0 = survey.data;
  useEffect(() => {
    if (!oneClick || !data0?.rating_open || clicked.current) {
      return;
    }
    clicked.current = true;
    if (data0.satisfaction === oneClick) {
      setThanked(true);
      return;
    }
    homeApi
      .satisfactionAdd(
        { token, satisfaction: oneClick, comment: data0.satisfaction_comment ?? '' },
        { silent: ['0404'] },
      )
      .then(() => {
        queryClient.setQueryData<TSatisfactionGetResponse>(homeKeys.satisfaction(token), {
          ...data0,
          satisfaction: oneClick,
        });
        setThanked(true);
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.code === '0404') {
          setGone(true);
        }
      });
  }, [oneClick, data0, token, queryClient]);

  if (gone) {
    return <SurveyLinkInvalid />;
  }
  if (survey.isError) {
    const code = isApiError(survey.error) ? survey.error.code : null;
    // 0404: no ticket has this token (or it was deleted); FFFF: the server refused the token.
    if (code === '0404' || code === 'FFFF') {
      return <SurveyLinkInvalid />;
    }
    return (
      <SurveyLoadFailed
        text={survey.error instanceof Error ? survey.error.message : t('error.network')}
        retrying={survey.isFetching}
        onRetry={() => void survey.refetch()}
      />
    );
  }
  if (!survey.data) {
    return (
      <div className="pl-card" aria-busy="true">
        <Skeleton rows={6} />
      </div>
    );
  }
  const data = survey.data;
  if (!data.rating_open) {
    return <SurveyClosed />;
  }
  if (thanked && data.satisfaction !== 'unoffered') {
    return (
      <SatisfactionThanks
        token={token}
        ticketId={data.ticket_id}
        rating={data.satisfaction}
        comment={data.satisfaction_comment}
        onChange={() => setThanked(false)}
        onCommented={(comment) =>
          queryClient.setQueryData<TSatisfactionGetResponse>(homeKeys.satisfaction(token), {
            ...data,
            satisfaction_comment: comment,
          })
        }
      />
    );
  }
  return (
    <SatisfactionForm
      token={token}
      survey={data}
      onGone={() => setGone(true)}
      onRated={({ satisfaction, comment }) => {
        queryClient.setQueryData<TSatisfactionGetResponse>(homeKeys.satisfaction(token), {
          ...data,
          satisfaction,
          satisfaction_comment: comment,
        });
        setThanked(true);
      }}
    />
  );
}

/** The satisfaction survey (`/home/satisfaction?token=...`), opened from the requester's email. */
export function SatisfactionPage() {
  const [params] = useSearchParams();
  const token = tokenOf(params.get('token'));
  const score = params.get('score');
  const oneClick = score === 'good' || score === 'bad' ? score : null;
  useLinkLanguage(params.get('lang'));
  return (
    <PublicFrame>
      <div className="pl-stack" style={{ maxWidth: 560 }}>
        {token === null ? <SurveyLinkInvalid /> : <Survey key={token} token={token} oneClick={oneClick} />}
        <StaffSignInLink />
      </div>
    </PublicFrame>
  );
}
