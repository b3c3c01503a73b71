import { FrownOutlined, SmileOutlined } from '@ant-design/icons';
import type { TSatisfactionAddRequest, TSatisfactionGetResponse } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { homeApi } from '../../api/home';
import { checkRule } from '../../components/formRules';
import { publicCardStyle } from '../../components/publicCardStyle';
import { submitOnCtrlEnter } from '../../components/submitOnCtrlEnter';

type TRating = TSatisfactionAddRequest['satisfaction'];

interface TSurveyValues {
  satisfaction?: TRating;
  comment: string;
}

/** Longest comment the server keeps. */
const commentMax = 2000;

// Hidden from screen readers: the text says it, "smile Good" would say it twice.
const ratingIcons = { good: <SmileOutlined aria-hidden />, bad: <FrownOutlined aria-hidden /> } as const;

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
  const [form] = Form.useForm<TSurveyValues>();
  const rated = survey.satisfaction === 'unoffered' ? undefined : survey.satisfaction;
  const rate = useMutation({
    mutationFn: (body: TSatisfactionAddRequest) => homeApi.satisfactionAdd(body, { silent: ['0404'] }),
    onSuccess: (_data, body) => onRated({ satisfaction: body.satisfaction, comment: body.comment ?? '' }),
    onError: (error) => {
      if (isApiError(error) && error.code === '0404') {
        onGone();
      }
    },
  });

  const submit = (values: TSurveyValues) => {
    if (rate.isPending || !values.satisfaction) {
      return;
    }
    rate.mutate({ token, satisfaction: values.satisfaction, comment: values.comment.trim() });
  };

  return (
    <Card style={publicCardStyle}>
      <div style={{ marginBottom: 24 }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('home.survey_title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.survey_subtitle')}</Typography.Text>
      </div>
      <Flex
        gap={12}
        align="baseline"
        style={{ padding: '12px 16px', marginBottom: 24, background: '#f5f7fa', borderRadius: 8 }}
      >
        <Typography.Text type="secondary" style={{ flex: 'none' }}>
          #{survey.ticket_id}
        </Typography.Text>
        <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {survey.subject}
        </Typography.Text>
      </Flex>
      {rated && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title={t('home.already_rated', { rating: t(`home.rating_${rated}`) })}
        />
      )}
      <Form<TSurveyValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ satisfaction: rated, comment: survey.satisfaction_comment }}
        onFinish={submit}
        disabled={rate.isPending}
      >
        <Form.Item
          name="satisfaction"
          label={t('home.rating_label')}
          rules={[checkRule((v) => v === 'good' || v === 'bad', t('home.rating_required'))]}
        >
          <Radio.Group
            block
            size="large"
            optionType="button"
            buttonStyle="solid"
            options={(['good', 'bad'] as const).map((value) => ({
              value,
              label: (
                <Flex gap={8} align="center" justify="center">
                  {ratingIcons[value]}
                  {t(`home.rating_${value}`)}
                </Flex>
              ),
            }))}
          />
        </Form.Item>
        {/* Room below for the character count, which sits under the box. */}
        <Form.Item name="comment" label={t('home.comment_label')} style={{ marginBottom: 40 }}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={commentMax}
            showCount
            placeholder={t('home.comment_placeholder')}
            onKeyDown={submitOnCtrlEnter(() => form.submit())}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={rate.isPending}>
          {t('home.send_rating')}
        </Button>
      </Form>
    </Card>
  );
}
