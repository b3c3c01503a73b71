import { ToolOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { LinkButton } from '../../components/LinkButton';
import { ResultTitle } from '../../components/ResultTitle';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';
import { useRouteKey } from '../../routes/useRouteKey';
import { brandColor } from '../../theme';

/** A staff screen that a later issue builds: says so plainly instead of showing made-up data. */
export function NotBuiltPage() {
  const { t } = useTranslation();
  const key = useRouteKey() ?? 'index';
  return (
    <Card variant="borderless" style={{ maxWidth: 880, margin: '0 auto' }}>
      <Result
        icon={<ToolOutlined aria-hidden style={{ color: brandColor }} />}
        title={<ResultTitle>{t(`route.${key}`)}</ResultTitle>}
        subTitle={t('placeholder.staff_text')}
        extra={key === 'my_profile' ? null : <LinkButton to={paths.profile}>{t('placeholder.to_profile')}</LinkButton>}
      />
    </Card>
  );
}
