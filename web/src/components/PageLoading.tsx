import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: fullScreen ? '100vh' : 320, width: '100%' }}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" description={t('app.loading')}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}
