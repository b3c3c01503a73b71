import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen that failed to load or render (e.g. an old tab after a new release). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="warning"
        title={t('status_page.crash_title')}
        subTitle={t('status_page.crash_text')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('status_page.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
