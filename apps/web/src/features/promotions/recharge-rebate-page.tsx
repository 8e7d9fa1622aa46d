import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { ActivityShell } from './activity-shell.tsx';
import { formatDateTime, formatPercent, Stat, StatGrid, StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, type ActivityState, type RechargeRebateItem, useClaimActivity } from './promotions.api.ts';
import { DepositLink } from './recharge-activity-page.tsx';
import { vipRule } from './rules.ts';

/** States in which no single item can be claimed, whatever its own figures say. */
const BLOCKED: ActivityState[] = ['disabled', 'regulated', 'ended', 'not_started', 'upgrade_required'];

/**
 * An item pays when it is unclaimed, inside its claim window, not closed by one bonus per deposit
 * (the recharge funded another bonus) and the activity itself is open.
 */
export function isClaimable(item: RechargeRebateItem, state: ActivityState, now = Date.now()): boolean {
  if (item.is_claimed === 1 || item.closed_reason || BLOCKED.includes(state)) return false;
  return item.event_ended_at === null || Date.parse(item.event_ended_at) > now;
}

type ItemAction = { claimable: boolean; pending: boolean; onClaim: () => void };

function ItemStatus({ item, action }: { item: RechargeRebateItem; action: ItemAction }) {
  const { t } = useTranslation('promo');
  if (item.is_claimed === 1)
    return (
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-gold">
        <CheckIcon size={14} />
        {t('claim.claimed')}
      </span>
    );
  if (item.closed_reason) {
    return (
      <span className="block max-w-56 text-right text-xs text-muted md:max-w-64" data-testid="rebate-closed">
        {item.closed_reason}
      </span>
    );
  }
  if (!action.claimable) return <span className="text-xs text-muted">{t('rebate.expired')}</span>;
  return (
    <Button size="sm" variant="money" loading={action.pending} onClick={action.onClaim} data-testid="rebate-claim">
      {t('claim.claim')}
    </Button>
  );
}

/** One qualifying recharge as a card (phones). */
function ItemCard({ item, action }: { item: RechargeRebateItem; action: ItemAction }) {
  const { t } = useTranslation('promo');
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line/70 bg-surface p-3.5" data-testid="rebate-item" data-id={item.id}>
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <span className="text-xs text-muted">{t('rebate.recharge')}</span>
          <span className="text-base font-bold text-white tabular-nums">{formatMoney(item.recharge_amount)}</span>
          <span className="text-[11px] text-muted tabular-nums">{formatDateTime(item.recharged_at)}</span>
        </div>
        <div className="flex flex-col items-end">
          <span className="text-xs text-muted">{t('rebate.reward')}</span>
          <span className="text-lg font-black text-gold tabular-nums">{formatMoney(item.reward_amount)}</span>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-xs">
        <div>
          <dt className="text-muted">{t('rebate.required')}</dt>
          <dd className="font-semibold text-white tabular-nums">{formatMoney(item.required_amount)}</dd>
        </div>
        <div>
          <dt className="text-muted">{item.is_claimed === 1 ? t('rebate.claimed_at') : t('rebate.deadline')}</dt>
          <dd className="font-semibold text-white tabular-nums">
            {formatDateTime(item.is_claimed === 1 ? item.claimed_at : item.event_ended_at)}
          </dd>
        </div>
      </dl>
      <div className="flex justify-end">
        <ItemStatus item={item} action={action} />
      </div>
    </li>
  );
}

/** The items table (wide screens): recharge, reward, required turnover, deadline, claimed. */
function ItemsTable({ items, actionOf }: { items: RechargeRebateItem[]; actionOf: (item: RechargeRebateItem) => ItemAction }) {
  const { t } = useTranslation('promo');
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-line/70 bg-surface md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-2/60 text-xs text-muted">
          <tr>
            <th className="px-4 py-3 font-medium">{t('rebate.recharge')}</th>
            <th className="px-4 py-3 font-medium">{t('rebate.reward')}</th>
            <th className="px-4 py-3 font-medium">{t('rebate.required')}</th>
            <th className="px-4 py-3 font-medium">{t('rebate.deadline')}</th>
            <th className="px-4 py-3 font-medium">{t('rebate.claimed_at')}</th>
            <th className="px-4 py-3 text-right font-medium">
              <span className="sr-only">{t('claim.claim')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-line/60" data-testid="rebate-row" data-id={item.id}>
              <td className="px-4 py-3">
                <span className="block font-semibold text-white tabular-nums">{formatMoney(item.recharge_amount)}</span>
                <span className="text-xs text-muted tabular-nums">{formatDateTime(item.recharged_at)}</span>
              </td>
              <td className="px-4 py-3 font-bold text-gold tabular-nums">{formatMoney(item.reward_amount)}</td>
              <td className="px-4 py-3 text-white tabular-nums">{formatMoney(item.required_amount)}</td>
              <td className="px-4 py-3 text-soft tabular-nums">{formatDateTime(item.event_ended_at)}</td>
              <td className="px-4 py-3 text-soft tabular-nums">{item.is_claimed === 1 ? formatDateTime(item.claimed_at) : '—'}</td>
              <td className="px-4 py-3 text-right">
                <ItemStatus item={item} action={actionOf(item)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RebatePanel({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('rechargerebate');
  const items = check.items ?? [];
  const claimable = items.filter((item) => isClaimable(item, check.state));
  const actionOf = (item: RechargeRebateItem): ItemAction => ({
    claimable: isClaimable(item, check.state),
    pending: claim.isPending && claim.variables?.id === item.id,
    onClaim: () => claim.mutate({ id: item.id }),
  });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4">
        <StatGrid columns={3}>
          <Stat label={t('rebate.rate')} value={formatPercent(check.rate_bp)} tone="gold" />
          <Stat label={t('rebate.minimum')} value={formatMoney(check.min_recharge)} />
          <Stat label={t('rebate.available')} value={formatMoney(check.reward)} tone="money" />
        </StatGrid>
        <StateMessage state={check.state} message={check.message} />
        {claimable.length > 1 ? (
          <Button
            block
            size="lg"
            variant="money"
            loading={claim.isPending && claim.variables?.id === undefined}
            onClick={() => claim.mutate({})}
          >
            {t('rebate.claim_all', { count: claimable.length, amount: formatMoney(check.reward) })}
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState text={check.message || t('rebate.none')}>
          <div className="w-full max-w-xs">
            <DepositLink />
          </div>
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2.5 md:hidden" aria-label={t('rebate.items')}>
            {items.map((item) => (
              <ItemCard key={item.id} item={item} action={actionOf(item)} />
            ))}
          </ul>
          <ItemsTable items={items} actionOf={actionOf} />
        </>
      )}
    </div>
  );
}

/** /promotion/activity/recharge-rebate: 20% of every single recharge of R$ 100 or more, each claimed on its own. */
export function RechargeRebatePage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <ActivityShell
      type="rechargerebate"
      fallbackTitle={t('pages.activity_recharge_rebate')}
      tagline={tp('tagline.rechargerebate')}
      wide
      rules={(check) => [
        check?.min_recharge ? tp('rules.rebate_min', { amount: formatMoney(check.min_recharge) }) : tp('rules.rebate_min_generic'),
        tp('rules.rebate_each'),
        tp('rules.rebate_turnover', { multiple: check?.wagering_multiple || 5 }),
        tp('rules.rebate_deadline'),
        ...vipRule(tp, check),
      ]}
    >
      {(check) => <RebatePanel check={check} />}
    </ActivityShell>
  );
}
