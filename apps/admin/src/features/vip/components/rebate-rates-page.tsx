import type { GameCategory } from '@casino/shared/game-codes';
import type { AdminRebateRates, RebateRateCell } from '@casino/shared/schemas/vip-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { QuerySection } from '../../../components/query-section';
import { PercentCellInput, RateGridActions } from '../../../components/rate-grid';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { basisPointsToPercent, formatBasisPoints } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useRebateRates, useUpdateRebateRates } from '../api/vip-admin';
import { parseRatePercent } from './vip-inputs';

type Grid = AdminRebateRates;
const keyOf = (level: number, category: string) => `${level}:${category}`;

function serverRate(grid: Grid, level: number, category: string): number {
  return grid.levels.find((row) => row.level === level)?.rates.find((rate) => rate.category === category)?.rate_bp ?? 0;
}

/** The edited cells that differ from the server's grid, and the keys of the ones that do not parse. */
function pendingChanges(grid: Grid, drafts: Map<string, string>) {
  const changes: RebateRateCell[] = [];
  const invalid = new Set<string>();
  for (const row of grid.levels) {
    for (const category of grid.categories) {
      const draft = drafts.get(keyOf(row.level, category));
      if (draft === undefined) continue;
      const bp = parseRatePercent(draft);
      if (bp === null) invalid.add(keyOf(row.level, category));
      else if (bp !== serverRate(grid, row.level, category)) changes.push({ level: row.level, category, rate_bp: bp });
    }
  }
  return { changes, invalid };
}

/**
 * Back office: rebate rates by VIP level (rows) and game category (columns), in percent of valid
 * bets. With promotions.manage every cell is an input; Save sends only the cells that changed.
 */
export function RebateRatesPage() {
  const { t } = useTranslation();
  const rates = useRebateRates();
  const save = useUpdateRebateRates();
  const canEdit = usePermission('promotions.manage');
  const [drafts, setDrafts] = useState<Map<string, string>>(new Map());
  const { changes, invalid } = rates.data ? pendingChanges(rates.data, drafts) : { changes: [], invalid: new Set<string>() };

  function submit() {
    if (invalid.size > 0 || changes.length === 0) return;
    save.mutate(changes, {
      onSuccess: ({ message }) => {
        toast.success(message || t('rebate_rates.saved'));
        setDrafts(new Map());
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  const actions = !canEdit ? (
    <Badge tone="slate">{t('rebate_rates.read_only')}</Badge>
  ) : (
    <RateGridActions
      status={
        invalid.size > 0
          ? t('rebate_rates.invalid_count', { count: invalid.size })
          : changes.length > 0
            ? t('rebate_rates.changed_count', { count: changes.length })
            : t('rebate_rates.no_changes')
      }
      canReset={drafts.size > 0}
      canSave={changes.length > 0 && invalid.size === 0}
      pending={save.isPending}
      onReset={() => setDrafts(new Map())}
      onSave={submit}
      resetLabel={t('rebate_rates.reset')}
      saveLabel={t('rebate_rates.save')}
    />
  );

  return (
    <>
      <PageHeader title={t('rebate_rates.title')} subtitle={t('rebate_rates.subtitle')} actions={actions} />
      <QuerySection
        query={rates}
        skeleton={{ columns: 11, rows: 11 }}
        empty={{ title: t('rebate_rates.empty') }}
        isEmpty={(grid) => grid.levels.length === 0}
      >
        {(grid) => (
          <RatesGrid
            grid={grid}
            drafts={drafts}
            invalid={invalid}
            editable={canEdit && !save.isPending}
            onChange={(key, value) => setDrafts((current) => new Map(current).set(key, value))}
          />
        )}
      </QuerySection>
      <p className="mt-3 text-xs text-slate-500">{t('rebate_rates.hint')}</p>
    </>
  );
}

interface GridProps {
  grid: Grid;
  drafts: Map<string, string>;
  invalid: Set<string>;
  editable: boolean;
  onChange: (key: string, value: string) => void;
}

function RatesGrid({ grid, drafts, invalid, editable, onChange }: GridProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const categoryLabel = (category: GameCategory) => t(`game_common.categories.${category}`);
  return (
    <DataTable
      testId="rebate-rates-grid"
      columns={[
        { label: t('rebate_rates.level'), className: 'sticky left-0 z-10 bg-navy-850' },
        ...grid.categories.map((category) => ({ label: categoryLabel(category), numeric: true })),
      ]}
    >
      {grid.levels.map((row) => (
        <tr key={row.level} data-level={row.level}>
          <th scope="row" className="sticky left-0 z-10 bg-navy-850 text-left font-medium text-white">
            {row.name}
          </th>
          {grid.categories.map((category) => {
            const key = keyOf(row.level, category);
            const saved = serverRate(grid, row.level, category);
            if (!editable) {
              return (
                <td key={category} className="whitespace-nowrap text-right tabular-nums">
                  {formatBasisPoints(saved, language)}
                </td>
              );
            }
            const draft = drafts.get(key);
            const bad = invalid.has(key);
            const changed = !bad && draft !== undefined && parseRatePercent(draft) !== saved;
            return (
              <td key={category} className="text-right">
                <PercentCellInput
                  value={draft ?? basisPointsToPercent(saved)}
                  onChange={(value) => onChange(key, value)}
                  maxLength={6}
                  label={t('rebate_rates.cell_label', { level: row.name, category: categoryLabel(category) })}
                  invalid={bad}
                  invalidTitle={t('rebate_rates.cell_invalid')}
                  changed={changed}
                />
              </td>
            );
          })}
        </tr>
      ))}
    </DataTable>
  );
}
