import { ToolOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { LinkButton } from '../../components/LinkButton';
import { PublicFrame } from '../../components/PublicFrame';
import { ResultTitle } from '../../components/ResultTitle';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';
import { useRouteKey } from '../../routes/useRouteKey';
import { brandColor } from '../../theme';

/** The public home and the satisfaction survey, until their issue builds them. */
export function PublicNotBuiltPage() {
  const { t } = useTranslation();
  const key = useRouteKey() ?? 'home';
  return (
    <PublicFrame>
      <Card style={{ width: '100%', maxWidth: 560 }}>
        <Result
          icon={<ToolOutlined aria-hidden style={{ color: brandColor }} />}
          title={<ResultTitle>{t(`route.${key}`)}</ResultTitle>}
          subTitle={t('placeholder.public_text')}
          extra={
            <LinkButton type="primary" to={paths.login}>
              {t('placeholder.staff_sign_in')}
            </LinkButton>
          }
        />
      </Card>
    </PublicFrame>
  );
}
