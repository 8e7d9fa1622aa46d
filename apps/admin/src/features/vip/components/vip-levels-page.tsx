import type { AdminVipLevel } from '@casino/shared/schemas/vip-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, DataTable } from '../../../components/data-table';
import { EditButton } from '../../../components/edit-button';
import { Badge, PageHeader } from '../../../components/feedback';
import { QuerySection } from '../../../components/query-section';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useVipLevels } from '../api/vip-admin';
import { VipLevelDialog } from './vip-level-dialog';

/** The money columns of the table, in the order operators read a level. */
const MONEY_COLUMNS = ['min_recharge', 'min_betting', 'min_slot_betting', 'min_live_betting', 'levelup_reward'] as const;

/** Back office: the VIP table (thresholds in reais and level-up rewards), editable with promotions.manage. */
export function VipLevelsPage() {
  const { t } = useTranslation();
  const levels = useVipLevels();
  const canEdit = usePermission('promotions.manage');
  const [editing, setEditing] = useState<AdminVipLevel | null>(null);

  return (
    <>
      <PageHeader
        title={t('vip_levels.title')}
        subtitle={t('vip_levels.subtitle')}
        actions={canEdit ? undefined : <Badge tone="slate">{t('vip_levels.read_only')}</Badge>}
      />
      <QuerySection query={levels} skeleton={{ columns: 8, rows: 11 }} empty={{ title: t('vip_levels.empty') }}>
        {(list) => (
          <>
            <LevelsTable levels={list} onEdit={canEdit ? setEditing : undefined} />
            <LevelsCards levels={list} onEdit={canEdit ? setEditing : undefined} />
          </>
        )}
      </QuerySection>
      <p className="mt-3 text-xs text-slate-500">{t('vip_levels.rules')}</p>
      {editing && <VipLevelDialog level={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

type OnEdit = ((level: AdminVipLevel) => void) | undefined;

function EditLevelButton({ level, onEdit, wide = false }: { level: AdminVipLevel; onEdit: NonNullable<OnEdit>; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <EditButton
      label={t('vip_levels.edit')}
      name={t('vip_levels.edit_named', { name: level.name })}
      onClick={() => onEdit(level)}
      wide={wide}
    />
  );
}

function LevelsTable({ levels, onEdit }: { levels: AdminVipLevel[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="vip-levels-table"
      collapse="md"
      columns={[
        { label: t('vip_levels.columns.level') },
        ...MONEY_COLUMNS.map((column) => ({ label: t(`vip_levels.columns.${column}`), numeric: true })),
        { label: t('vip_levels.columns.updated') },
        ...(onEdit ? [{ label: t('vip_levels.edit'), srOnly: true }] : []),
      ]}
    >
      {levels.map((level) => (
        <tr key={level.level} data-level={level.level} className="transition-colors hover:bg-white/[0.025]">
          <td>
            <p className="font-medium text-white">{level.name}</p>
            <p className="font-mono text-[11px] text-slate-500">{t('vip_levels.level_number', { level: level.level })}</p>
          </td>
          {MONEY_COLUMNS.map((column) => (
            <td key={column} className="whitespace-nowrap text-right tabular-nums">
              {formatMoney(level[column], language)}
            </td>
          ))}
          <td className="whitespace-nowrap text-xs text-slate-400">{formatDateTime(level.updated_at, language)}</td>
          {onEdit && (
            <td className="text-right">
              <EditLevelButton level={level} onEdit={onEdit} />
            </td>
          )}
        </tr>
      ))}
    </DataTable>
  );
}

function LevelsCards({ levels, onEdit }: { levels: AdminVipLevel[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="md">
      {levels.map((level) => (
        <li key={level.level} className="space-y-2 px-3 py-3">
          <p className="font-medium text-white">{level.name}</p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            {MONEY_COLUMNS.map((column) => (
              <div key={column} className="contents">
                <dt className="text-slate-500">{t(`vip_levels.columns.${column}`)}</dt>
                <dd className="text-right tabular-nums text-slate-300">{formatMoney(level[column], language)}</dd>
              </div>
            ))}
          </dl>
          {onEdit && <EditLevelButton level={level} onEdit={onEdit} wide />}
        </li>
      ))}
    </CardList>
  );
}
