import { Button, Modal, Tag, Tooltip } from '@arco-design/web-react';
import { IconCheckCircle } from '@arco-design/web-react/icon';
import { CrudPage, http, invalidateResource, toastSuccess, useCan, useTranslation } from '../../../core/sdk/browser';
import { ENABLED, companyEntity } from './entity';
import { RegionPicker } from './RegionPicker';

/** The form's order: who the company is, where, how to reach it, then what its cards show. */
const FORM_FIELDS = ['name', 'shortName', 'industry', 'status', 'regionCode', 'address', 'telephone', 'email', 'website', 'videoUrl', 'logo', 'isDefault', 'images', 'introduction'];

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'gray' };

/**
 * /card/company: the kit's list screen for companies. The default company is tagged; the others, when
 * enabled, can be made the default from their row (its own button code). The region is picked from the
 * region tree.
 */
export default function CompanyPage() {
  const { t } = useTranslation();
  const mayDefault = useCan('company_default').can;

  const makeDefault = (id: string, name: string) =>
    Modal.confirm({
      title: t('card.company.setDefault'),
      content: t('card.company.setDefaultConfirm', { name }),
      okText: t('crud.confirm'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await http.post('/api/company/information/defaultCompany', undefined, { params: { id } });
        } catch {
          return; // the pipeline's toast said why
        }
        toastSuccess(t('card.company.setDefaultDone'));
        await invalidateResource(companyEntity);
      },
    });

  return (
    <CrudPage
      entity={companyEntity}
      table={{
        cells: {
          isDefault: (value) => (value === 1 ? <Tag color="arcoblue" icon={<IconCheckCircle />}>{t('card.company.isDefault')}</Tag> : '-'),
          status: (value, _row, text) => <Tag color={STATUS_COLOR[Number(value)] ?? 'gray'}>{text}</Tag>,
        },
      }}
      dialog={{ form: { fields: FORM_FIELDS, controls: { regionCode: <RegionPicker /> } } }}
      // Icons with their names as tooltips: the list's columns need the room, in either language.
      iconActions
      extraRowActions={(row) =>
        mayDefault && row.isDefault !== 1 && row.status === ENABLED ? (
          <Tooltip content={t('card.company.setDefault')} mini>
            <Button type="text" size="mini" icon={<IconCheckCircle />} aria-label={t('card.company.setDefault')} onClick={() => makeDefault(String(row.id), String(row.name ?? ''))} />
          </Tooltip>
        ) : null
      }
    />
  );
}
