import { Button, Select } from '@arco-design/web-react';
import { query, REFERENCE_CACHE_MS, useQuery, useTranslation } from '../../../core/sdk/browser';
import { companyEntity } from '../company/entity';

/** A company as the selectors' list gives it. */
interface CompanyChoice {
  id: string;
  name: string;
}

/** The tenant's enabled companies: one list for every company selector, kept while the companies do not change. */
export const companyChoices = query<CompanyChoice[]>(companyEntity.api.base, `${companyEntity.api.base}/list`, {
  cacheFor: REFERENCE_CACHE_MS,
  silent: true,
  select: (data) => (Array.isArray(data) ? (data as CompanyChoice[]) : []),
});

const split = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** Several companies, kept as comma-joined ids (the festival's `companyIds`). */
export function CompanySelect({ value, onChange, disabled }: { value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const companies = useQuery(companyChoices);
  const chosen = split(value);
  const known = new Set((companies.data ?? []).map((c) => c.id));
  // A company chosen earlier and disabled since is still shown (by its id) until it is taken out.
  const options = [...(companies.data ?? []).map((c) => ({ value: c.id, label: c.name })), ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id }))];
  return (
    <Select
      mode="multiple"
      aria-label={t('card.festival.companiesPlaceholder')}
      placeholder={t('card.festival.companiesPlaceholder')}
      value={chosen}
      onChange={(ids: string[]) => onChange?.(ids.join(','))}
      disabled={disabled}
      loading={companies.loading}
      options={options}
      allowClear
      notFoundContent={
        companies.failed ? (
          <div className="card-choices-failed">
            {t('card.festival.companiesFailed')}{' '}
            <Button type="text" size="mini" onClick={() => void companies.reload()}>
              {t('card.festival.retry')}
            </Button>
          </div>
        ) : undefined
      }
    />
  );
}
