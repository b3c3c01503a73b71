import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { homeApi } from '../../api/home';
import { Button } from '../../components/light/Button';
import { Field, inputAria } from '../../components/light/form';
import { TextArea } from '../../components/light/inputs';
import { submitOnCtrlEnter } from '../../components/submitOnCtrlEnter';
import { useTranslation } from '../../i18n/useTranslation';

/** Longest comment the server keeps. */
const commentMax = 2000;

/**
 * After a Bad rating without a comment (the mail's one-click link): what went wrong, saved with
 * that rating. The box takes the focus, so the customer can type at once; Ctrl+Enter sends.
 */
export function SatisfactionWhy({ token, onSaved }: { token: string; onSaved: (comment: string) => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (text: string) => homeApi.satisfactionAdd({ token, satisfaction: 'bad', comment: text }),
    onSuccess: (_data, text) => onSaved(text),
  });
  if (save.isSuccess) {
    return (
      <p role="status" style={{ margin: '16px 0 0' }}>
        {t('home.why_saved')}
      </p>
    );
  }
  const submit = () => {
    const text = comment.trim();
    if (!text) {
      setError(t('home.why_required'));
      return;
    }
    if (!save.isPending) {
      save.mutate(text);
    }
  };
  const id = 'survey-why';
  return (
    <form
      noValidate
      style={{ marginTop: 24, textAlign: 'start' }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field id={id} label={t('home.why_label')} error={error} tight>
        <TextArea
          {...inputAria(id, error, false)}
          // The customer came to say this; the label says what the box is for.
          autoFocus
          minRows={3}
          maxRows={10}
          maxLength={commentMax}
          showCount
          disabled={save.isPending}
          placeholder={t('home.why_placeholder')}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setError(null);
          }}
          onKeyDown={submitOnCtrlEnter(submit)}
        />
      </Field>
      <Button variant="primary" type="submit" block loading={save.isPending}>
        {t('home.why_send')}
      </Button>
    </form>
  );
}
