import { Card, Flex, Result, type ResultProps } from 'antd';
import { createContext, useContext } from 'react';
import { LinkButton } from '../../components/LinkButton';
import { PublicFrame } from '../../components/PublicFrame';
import { ResultTitle } from '../../components/ResultTitle';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';

/** True inside the staff shell: the page is then a card in the shell, not a page of its own. */
export const InShellContext = createContext(false);

export function StatusPage({
  status,
  title,
  text,
  home = paths.index,
}: {
  status: ResultProps['status'];
  title: string;
  text: string;
  /** Where "back" leads: the staff area by default; the public home for pages any visitor reaches. */
  home?: string;
}) {
  const { t } = useTranslation();
  const inShell = useContext(InShellContext);
  const card = (
    <Card style={{ width: '100%', maxWidth: 560 }}>
      <Result
        status={status}
        title={<ResultTitle>{title}</ResultTitle>}
        subTitle={text}
        extra={
          <LinkButton type="primary" to={home}>
            {t('status_page.back')}
          </LinkButton>
        }
      />
    </Card>
  );
  return inShell ? (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      {card}
    </Flex>
  ) : (
    <PublicFrame brandLink={home}>{card}</PublicFrame>
  );
}
