import { QuestionCircleOutlined } from '@ant-design/icons';
import { fieldSearchName, searchOperators, type TTicketField } from '@parley/contracts';
import { Tooltip } from 'antd';
import { useTranslation } from '../../../i18n/useTranslation';
import { useFieldDefs } from '../../view/useFieldDefs';

const shownAtMost = 20;

/**
 * How each active custom field is named in the search box: its title as the server reads it
 * (`Product area` → `product_area:`), or its key where that name is taken or empty.
 */
export function fieldOperatorNames(fields: readonly TTicketField[]): string[] {
  const taken = new Set<string>(Object.keys(searchOperators));
  return fields
    .filter((f) => f.field_state === 'active')
    .map((f) => {
      const name = fieldSearchName(f.title);
      const usable = name !== '' && !taken.has(name);
      taken.add(name);
      return `${usable ? name : f.field_key}:`;
    });
}

/** The operators explained beside the search box, with this help desk's field names; for the keyboard too. */
export function SearchHelp() {
  const { t } = useTranslation();
  const names = fieldOperatorNames(useFieldDefs().data?.list ?? []);
  const listed = names.length > shownAtMost ? `${names.slice(0, shownAtMost).join(' ')} …` : names.join(' ');
  const help = t('ticket.search_help');
  const fieldsLine = names.length ? t('ticket.search_fields', { names: listed }) : '';
  return (
    <Tooltip
      title={
        <>
          <div>{help}</div>
          {fieldsLine && <div style={{ marginTop: 8 }}>{fieldsLine}</div>}
        </>
      }
      trigger={['hover', 'focus']}
    >
      <QuestionCircleOutlined
        role="img"
        tabIndex={0}
        aria-label={fieldsLine ? `${help} ${fieldsLine}` : help}
        style={{ color: 'rgba(0, 0, 0, 0.45)', alignSelf: 'center' }}
      />
    </Tooltip>
  );
}
