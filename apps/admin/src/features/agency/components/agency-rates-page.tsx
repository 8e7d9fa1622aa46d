import { formatCentavos } from '@casino/shared/money';
import type { AgencyRateRow } from '@casino/shared/schemas/agency-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/feedback';
import { QuerySection } from '../../../components/query-section';
import { PercentCellInput, RateGridActions } from '../../../components/rate-grid';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { basisPointsToPercent, formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useAgencyRates, useSaveAgencyRates } from '../api/agency-admin';
import { exampleCommissionCentavos, parseAgencyRate, type RateSource } from './agency-rate-inputs';

const SOURCES: RateSource[] = ['recharge', 'betting'];
const keyOf = (level: number, source: RateSource) => `${level}:${source}`;
const savedRate = (row: AgencyRateRow, source: RateSource) => (source === 'recharge' ? row.recharge_bp : row.betting_bp);

/** Every level's rates as they would be saved, or the keys of the inputs that do not parse. */
function draftRates(rows: AgencyRateRow[], drafts: Map<string, string>) {
  const invalid = new Set<string>();
  let changed = false;
  const rates = rows.map((row) => {
    const rate = { level: row.level, recharge_bp: row.recharge_bp, betting_bp: row.betting_bp };
    for (const source of SOURCES) {
      const draft = drafts.get(keyOf(row.level, source));
      if (draft === undefined) continue;
      const bp = parseAgencyRate(draft);
      if (bp === null) invalid.add(keyOf(row.level, source));
      else {
        if (bp !== savedRate(row, source)) changed = true;
        rate[source === 'recharge' ? 'recharge_bp' : 'betting_bp'] = bp;
      }
    }
    return rate;
  });
  return { rates, invalid, changed };
}

/**
 * Back office: agency commission rates by level, in percent of a subordinate's daily credited
 * recharges and valid bets. Level 1 is a direct invitee, levels 2 and 3 indirect ones. Saving
 * sends every level; later settlements and the players' pending figures use the new rates.
 */
export function AgencyRatesPage() {
  const { t } = useTranslation();
  const rates = useAgencyRates();
  const save = useSaveAgencyRates();
  const [drafts, setDrafts] = useState<Map<string, string>>(new Map());
  const {
    rates: next,
    invalid,
    changed,
  } = rates.data ? draftRates(rates.data, drafts) : { rates: [], invalid: new Set<string>(), changed: false };

  function submit() {
    if (invalid.size > 0 || !changed) return;
    save.mutate(next, {
      onSuccess: ({ message }) => {
        toast.success(message || t('agency_rates.saved'));
        setDrafts(new Map());
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  const actions = (
    <RateGridActions
      status={
        invalid.size > 0
          ? t('agency_rates.invalid_count', { count: invalid.size })
          : changed
            ? t('agency_rates.unsaved')
            : t('agency_rates.no_changes')
      }
      canReset={drafts.size > 0}
      canSave={changed && invalid.size === 0}
      pending={save.isPending}
      onReset={() => setDrafts(new Map())}
      onSave={submit}
      resetLabel={t('agency_rates.reset')}
      saveLabel={t('agency_rates.save')}
    />
  );

  return (
    <>
      <PageHeader title={t('agency_rates.title')} subtitle={t('agency_rates.subtitle')} actions={actions} />
      <QuerySection query={rates} skeleton={{ columns: 5, rows: 3 }} empty={{ title: t('agency_rates.empty') }}>
        {(rows) => (
          <RatesTable
            rows={rows}
            drafts={drafts}
            invalid={invalid}
            disabled={save.isPending}
            onChange={(key, value) => setDrafts((current) => new Map(current).set(key, value))}
          />
        )}
      </QuerySection>
      <p className="mt-3 text-xs leading-5 text-slate-500">{t('agency_rates.hint')}</p>
    </>
  );
}

/** The rate an input stands for: its draft when that parses, else the saved rate. */
function effectiveRate(row: AgencyRateRow, source: RateSource, drafts: Map<string, string>): number {
  const draft = drafts.get(keyOf(row.level, source));
  return (draft === undefined ? null : parseAgencyRate(draft)) ?? savedRate(row, source);
}

/** "R$ 100,00 recharged earns R$ 1,00; bet earns R$ 0,30": the rates in money, as the settlement pays them. */
function ExampleText({ recharge, betting }: { recharge: number; betting: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (centavos: number) => formatMoney(formatCentavos(centavos), language);
  return (
    <>
      {t('agency_rates.example_text', {
        base: formatMoney('100.00', language),
        recharge: money(exampleCommissionCentavos(recharge)),
        betting: money(exampleCommissionCentavos(betting)),
      })}
    </>
  );
}

interface TableProps {
  rows: AgencyRateRow[];
  drafts: Map<string, string>;
  invalid: Set<string>;
  disabled: boolean;
  onChange: (key: string, value: string) => void;
}

function RatesTable({ rows, drafts, invalid, disabled, onChange }: TableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const levelName = (level: number) => t(level === 1 ? 'agency_common.level_direct' : 'agency_common.level_indirect', { level });
  return (
    <DataTable
      testId="agency-rates"
      columns={[
        { label: t('agency_common.level') },
        ...SOURCES.map((source) => ({ label: t(`agency_common.sources.${source}`), numeric: true })),
        { label: t('agency_rates.example') },
        { label: t('agency_rates.updated') },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.level} data-level={row.level}>
          <th scope="row" className="whitespace-nowrap text-left font-medium text-white">
            {levelName(row.level)}
          </th>
          {SOURCES.map((source) => {
            const key = keyOf(row.level, source);
            const draft = drafts.get(key);
            const bad = invalid.has(key);
            const edited = !bad && draft !== undefined && parseAgencyRate(draft) !== savedRate(row, source);
            return (
              <td key={source} className="text-right">
                <PercentCellInput
                  value={draft ?? basisPointsToPercent(savedRate(row, source))}
                  onChange={(value) => onChange(key, value)}
                  disabled={disabled}
                  maxLength={5}
                  label={t('agency_rates.cell_label', { level: levelName(row.level), source: t(`agency_common.sources.${source}`) })}
                  invalid={bad}
                  invalidTitle={t('agency_rates.cell_invalid')}
                  changed={edited}
                />
              </td>
            );
          })}
          <td className="text-xs text-slate-400">
            <ExampleText recharge={effectiveRate(row, 'recharge', drafts)} betting={effectiveRate(row, 'betting', drafts)} />
          </td>
          <td className="whitespace-nowrap text-slate-500">{formatDateTime(row.updated_at, language)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
