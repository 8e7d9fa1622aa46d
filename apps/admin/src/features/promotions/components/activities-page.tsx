import type { AdminActivity, SiteProfile } from '@casino/shared/schemas/promotions-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardList, DataTable } from '../../../components/data-table';
import { EditButton } from '../../../components/edit-button';
import { Badge, PageHeader, Skeleton } from '../../../components/feedback';
import { DepositIcon } from '../../../components/icons';
import { QuerySection } from '../../../components/query-section';
import { Switch } from '../../../components/switch';
import { toast, toastOutcome } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useAdminActivities, useSetBonusStacking, useSetRegulated, useUpdateActivity } from '../api/promotions-admin';
import { ActivityEditDialog } from './activity-edit-dialog';
import { RegulatedIcon } from './promotions-ui';

/** The activity's title in the operator's language, then Portuguese, then its type. */
function useActivityTitle() {
  const language = useLanguage();
  return (activity: AdminActivity) => activity.titles[language] || activity.titles.pt || activity.type;
}

export function ActivitiesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const activities = useAdminActivities();
  const [editing, setEditing] = useState<AdminActivity | null>(null);
  const titleOf = useActivityTitle();

  const data = activities.data;
  return (
    <>
      <PageHeader
        title={t('promotions.activities.title')}
        subtitle={
          data
            ? t('promotions.activities.subtitle_cost', {
                cost: formatMoney(data.total_cost, language),
                claims: formatNumber(data.total_claims, language),
              })
            : t('promotions.activities.subtitle')
        }
        actions={
          <Link to="/promotions-report" className="btn-secondary">
            {t('promotions.activities.open_report')}
          </Link>
        }
      />
      {data ? (
        <>
          <RegulatedCard site={data.site} list={data.list} />
          <StackingCard site={data.site} />
        </>
      ) : activities.isPending ? (
        <Skeleton className="mb-4 h-24 rounded-xl" />
      ) : null}
      <QuerySection
        query={activities}
        skeleton={{ columns: 8, rows: 6 }}
        empty={{ title: t('promotions.activities.empty') }}
        isEmpty={({ list }) => list.length === 0}
      >
        {({ list }) => (
          <>
            <ActivitiesTable list={list} onEdit={setEditing} />
            <ActivitiesCards list={list} onEdit={setEditing} />
          </>
        )}
      </QuerySection>
      {editing && <ActivityEditDialog activity={editing} title={titleOf(editing)} onClose={() => setEditing(null)} />}
    </>
  );
}

/**
 * The regulated profile (DESIGN.md section 15): Lei 14.790/2023 forbids deposit-linked bonuses to
 * licensed operators. Switching is confirmed, because members see the change at once.
 */
function RegulatedCard({ site, list }: { site: SiteProfile; list: AdminActivity[] }) {
  const { t } = useTranslation();
  const canManage = usePermission('promotions.manage');
  const setRegulated = useSetRegulated();
  const [confirming, setConfirming] = useState(false);
  const linked = list.filter((activity) => activity.deposit_linked && activity.enabled).length;
  const next = !site.regulated;

  return (
    <section
      aria-labelledby="regulated-title"
      className={`card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-start ${site.regulated ? 'ring-1 ring-emerald-500/25' : ''}`}
    >
      <span className={`w-fit rounded-lg p-2 ${site.regulated ? 'bg-emerald-500/10 text-emerald-300' : 'bg-white/5 text-slate-400'}`}>
        <RegulatedIcon width={20} height={20} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="regulated-title" className="font-semibold text-white">
            {t('promotions.regulated.title')}
          </h2>
          {site.regulated ? (
            <Badge tone="green">{t('promotions.regulated.on')}</Badge>
          ) : (
            <Badge tone="slate">{t('promotions.regulated.off')}</Badge>
          )}
        </div>
        <p className="mt-1 text-sm leading-6 text-slate-400">{t('promotions.regulated.explain')}</p>
        <p className="mt-1 text-xs text-slate-500">
          {site.regulated
            ? t('promotions.regulated.effect_on', { count: linked })
            : t('promotions.regulated.effect_off', { count: linked })}
        </p>
      </div>
      <div className="flex items-center gap-2 sm:pt-1">
        <span className="text-sm text-slate-300 sm:hidden">{t('promotions.regulated.switch')}</span>
        <Switch
          checked={site.regulated}
          label={site.regulated ? t('promotions.regulated.turn_off') : t('promotions.regulated.turn_on')}
          pending={setRegulated.isPending}
          disabled={!canManage}
          onChange={() => setConfirming(true)}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title={next ? t('promotions.regulated.confirm_on_title') : t('promotions.regulated.confirm_off_title')}
        description={
          next ? t('promotions.regulated.confirm_on', { count: linked }) : t('promotions.regulated.confirm_off', { count: linked })
        }
        confirmLabel={next ? t('promotions.regulated.turn_on') : t('promotions.regulated.turn_off')}
        tone={next ? 'primary' : 'danger'}
        pending={setRegulated.isPending}
        error={setRegulated.isError ? errorMessage(setRegulated.error) : null}
        onClose={() => {
          if (!setRegulated.isPending) {
            setConfirming(false);
            setRegulated.reset();
          }
        }}
        onConfirm={() =>
          setRegulated.mutate(next, {
            onSuccess: ({ message }) => {
              toast.success(message || t('promotions.regulated.saved'));
              setConfirming(false);
            },
          })
        }
      />
    </section>
  );
}

/**
 * Bonus stacking (docs/PROMOTIONS.md, "One bonus per deposit"): off by default, a deposit funds one
 * deposit bonus (the member's choice when depositing, else the first claimed). Switching is
 * confirmed, because members see the change at once.
 */
function StackingCard({ site }: { site: SiteProfile }) {
  const { t } = useTranslation();
  const canManage = usePermission('promotions.manage');
  const setStacking = useSetBonusStacking();
  const [confirming, setConfirming] = useState(false);
  const next = !site.bonus_stacking;

  return (
    <section
      aria-labelledby="stacking-title"
      className="card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-start"
      data-testid="bonus-stacking"
    >
      <span className={`w-fit rounded-lg p-2 ${site.bonus_stacking ? 'bg-amber-500/10 text-amber-300' : 'bg-white/5 text-slate-400'}`}>
        <DepositIcon width={20} height={20} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="stacking-title" className="font-semibold text-white">
            {t('promotions.stacking.title')}
          </h2>
          {site.bonus_stacking ? (
            <Badge tone="amber">{t('promotions.stacking.on')}</Badge>
          ) : (
            <Badge tone="green">{t('promotions.stacking.off')}</Badge>
          )}
        </div>
        <p className="mt-1 text-sm leading-6 text-slate-400">{t('promotions.stacking.explain')}</p>
      </div>
      <div className="flex items-center gap-2 sm:pt-1">
        <span className="text-sm text-slate-300 sm:hidden">{t('promotions.stacking.switch')}</span>
        <Switch
          checked={site.bonus_stacking}
          label={site.bonus_stacking ? t('promotions.stacking.turn_off') : t('promotions.stacking.turn_on')}
          pending={setStacking.isPending}
          disabled={!canManage}
          onChange={() => setConfirming(true)}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title={next ? t('promotions.stacking.confirm_on_title') : t('promotions.stacking.confirm_off_title')}
        description={next ? t('promotions.stacking.confirm_on') : t('promotions.stacking.confirm_off')}
        confirmLabel={next ? t('promotions.stacking.turn_on') : t('promotions.stacking.turn_off')}
        tone={next ? 'danger' : 'primary'}
        pending={setStacking.isPending}
        error={setStacking.isError ? errorMessage(setStacking.error) : null}
        onClose={() => {
          if (!setStacking.isPending) {
            setConfirming(false);
            setStacking.reset();
          }
        }}
        onConfirm={() =>
          setStacking.mutate(next, {
            onSuccess: ({ message }) => {
              toast.success(message || t('promotions.stacking.saved'));
              setConfirming(false);
            },
          })
        }
      />
    </section>
  );
}

type OnEdit = (activity: AdminActivity) => void;

function EnabledSwitch({ activity }: { activity: AdminActivity }) {
  const { t } = useTranslation();
  const canManage = usePermission('promotions.manage');
  const update = useUpdateActivity();
  const name = useActivityTitle()(activity);
  if (!canManage) {
    return activity.enabled ? (
      <Badge tone="green">{t('promotions.activities.on')}</Badge>
    ) : (
      <Badge tone="slate">{t('promotions.activities.off')}</Badge>
    );
  }
  return (
    <Switch
      checked={activity.enabled}
      label={activity.enabled ? t('promotions.activities.disable_named', { name }) : t('promotions.activities.enable_named', { name })}
      pending={update.isPending}
      onChange={(enabled) => update.mutate({ id: activity.id, update: { enabled } }, toastOutcome(t('promotions.edit.saved')))}
    />
  );
}

function Flags({ activity }: { activity: AdminActivity }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {activity.deposit_linked && <Badge tone="blue">{t('promotions.activities.deposit_linked')}</Badge>}
      {activity.blocked_by_regulation && <Badge tone="red">{t('promotions.activities.blocked')}</Badge>}
      {activity.min_vip_level > 0 && <Badge tone="gold">{t('promotions.activities.vip', { level: activity.min_vip_level })}</Badge>}
    </span>
  );
}

/** "always", "from …", "until …" or both, in the operator's zone. */
function Window({ activity }: { activity: AdminActivity }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ended = activity.ends_at !== null && Date.parse(activity.ends_at) <= Date.now();
  if (!activity.starts_at && !activity.ends_at) return <span className="text-slate-500">{t('promotions.activities.always')}</span>;
  return (
    <span className="block text-xs leading-5 text-slate-300 tabular-nums">
      {activity.starts_at && (
        <span className="block">{t('promotions.activities.from', { at: formatDateTime(activity.starts_at, language) })}</span>
      )}
      {activity.ends_at && (
        <span className={`block ${ended ? 'text-rose-300' : ''}`}>
          {t('promotions.activities.until', { at: formatDateTime(activity.ends_at, language) })}
        </span>
      )}
    </span>
  );
}

function EditActivityButton({ activity, onEdit, wide = false }: { activity: AdminActivity; onEdit: OnEdit; wide?: boolean }) {
  const { t } = useTranslation();
  const canManage = usePermission('promotions.manage');
  const name = useActivityTitle()(activity);
  if (!canManage) return null;
  return (
    <EditButton
      label={t('promotions.activities.edit')}
      name={t('promotions.activities.edit_named', { name })}
      onClick={() => onEdit(activity)}
      wide={wide}
    />
  );
}

function ActivitiesTable({ list, onEdit }: { list: AdminActivity[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleOf = useActivityTitle();
  return (
    <DataTable
      testId="activities-table"
      collapse="lg"
      columns={[
        { label: t('promotions.activities.columns.activity') },
        { label: t('promotions.activities.columns.enabled') },
        { label: t('promotions.activities.columns.window') },
        { label: t('promotions.activities.columns.rules') },
        { label: t('promotions.activities.columns.wagering'), numeric: true },
        { label: t('promotions.activities.columns.claims'), numeric: true },
        { label: t('promotions.activities.columns.cost'), numeric: true },
        { label: t('promotions.activities.edit'), srOnly: true },
      ]}
    >
      {list.map((activity) => (
        <tr key={activity.id} data-activity={activity.type} className="transition-colors hover:bg-white/[0.025]">
          <td className="max-w-72">
            <p className="truncate font-medium text-white">{titleOf(activity)}</p>
            <p className="truncate font-mono text-[11px] text-slate-500">
              {activity.type} · {activity.route}
            </p>
          </td>
          <td>
            <EnabledSwitch activity={activity} />
          </td>
          <td>
            <Window activity={activity} />
          </td>
          <td>
            <Flags activity={activity} />
          </td>
          <td className="text-right tabular-nums text-slate-300">
            {t('promotions.activities.multiple', { multiple: activity.wagering_multiple })}
          </td>
          <td className="text-right tabular-nums">{formatNumber(activity.claims, language)}</td>
          <td className="whitespace-nowrap text-right font-medium tabular-nums text-white">{formatMoney(activity.cost, language)}</td>
          <td className="text-right">
            <EditActivityButton activity={activity} onEdit={onEdit} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ActivitiesCards({ list, onEdit }: { list: AdminActivity[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleOf = useActivityTitle();
  return (
    <CardList collapse="lg">
      {list.map((activity) => (
        <li key={activity.id} data-activity={activity.type} className="space-y-2 px-3 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-white">{titleOf(activity)}</p>
              <p className="truncate font-mono text-[11px] text-slate-500">{activity.type}</p>
            </div>
            <EnabledSwitch activity={activity} />
          </div>
          <Flags activity={activity} />
          <Window activity={activity} />
          <p className="text-xs text-slate-400 tabular-nums">
            {t('promotions.activities.card_figures', {
              claims: formatNumber(activity.claims, language),
              cost: formatMoney(activity.cost, language),
              multiple: activity.wagering_multiple,
            })}
          </p>
          <EditActivityButton activity={activity} onEdit={onEdit} wide />
        </li>
      ))}
    </CardList>
  );
}
