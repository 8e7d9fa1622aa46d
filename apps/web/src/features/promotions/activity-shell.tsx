import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { ActivityArt } from './activity-art.tsx';
import { BlockSkeleton, formatDateTime, LoadError, PromoPage, RulesCard, StateBadge, VisitorPrompt } from './promo-ui.tsx';
import { type ActivityCheck, type ActivityOverviewItem, type ActivityType, useActivityCheck, useActivityInfo } from './promotions.api.ts';

/** Activities whose reward is drawn: the check's reward is the top prize, not the member's. */
const DRAWN: ActivityType[] = ['dailywheel', 'lotterywheel', 'mystery'];

/** The banner of an activity page: the operator's image or our drawing, its title, state and reward. */
export function ActivityHero({
  type,
  item,
  check,
  tagline,
}: {
  type: ActivityType;
  item: ActivityOverviewItem | undefined;
  check: ActivityCheck | undefined;
  tagline: string;
}) {
  const { t } = useTranslation('promo');
  const state = check?.state ?? item?.state;
  const reward = check?.reward ?? item?.reward ?? '0.00';
  const endsAt = check?.ends_at ?? item?.ends_at ?? null;
  return (
    <div className="overflow-hidden rounded-2xl border border-line/70 bg-surface md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      {item?.image_url ? (
        <img src={item.image_url} alt="" className="aspect-[2/1] w-full object-cover md:h-full" />
      ) : (
        <ActivityArt type={type} className="aspect-[2/1] w-full md:h-full" />
      )}
      <div className="flex flex-col justify-center gap-2 p-4 md:p-6">
        <div className="flex flex-wrap items-center gap-2">
          {state ? <StateBadge state={state} /> : null}
          {endsAt ? <span className="text-xs text-muted">{t('hero.ends_at', { date: formatDateTime(endsAt) })}</span> : null}
        </div>
        <p className="text-[15px] text-soft">{tagline}</p>
        {reward !== '0.00' && state !== 'visitor' ? (
          <p className="flex items-baseline gap-2">
            <span className="text-xs text-muted">{DRAWN.includes(type) ? t('hero.top_prize') : t('hero.your_reward')}</span>
            <span className="text-2xl font-black text-gold tabular-nums" data-testid="activity-reward">
              {formatMoney(reward)}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** What every activity page reads: the overview entry (title, rules) and the member's check. */
export function useActivity(type: ActivityType) {
  const loggedIn = useIsLoggedIn();
  const info = useActivityInfo(type);
  const check = useActivityCheck(type, loggedIn);
  // A visitor is not told why an activity is missing: the overview leaves out what is off or over.
  const off = !loggedIn && info.isSuccess && !info.item;
  return { type, loggedIn, item: info.item, check, off };
}

/**
 * The member's part of an activity: a skeleton while the check runs, its failure with a retry,
 * then `children`; a visitor gets the log-in prompt ("No activity at the moment" when it is off).
 */
export function MemberPanel({
  activity,
  children,
}: {
  activity: ReturnType<typeof useActivity>;
  children: (check: ActivityCheck) => ReactNode;
}) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  const { type, loggedIn, check, off } = activity;
  if (!loggedIn) return off ? <EmptyState text={t('empty.no_activity')} /> : <VisitorPrompt />;
  if (check.isPending) return <BlockSkeleton rows={2} height="h-28" />;
  if (check.isError) {
    // Spec section 8: "Error in ftd list: ...", "Error in invitationactivity list: ...".
    const message = tp('errors.list_failed', { type, message: errorMessage(check.error) });
    return <LoadError error={check.error} message={message} onRetry={() => void check.refetch()} />;
  }
  return children(check.data);
}

type ShellProps = {
  type: ActivityType;
  /** Page title when the operator gave the activity none. */
  fallbackTitle: string;
  tagline: string;
  /** Our rules, sentences with the member's figures where known. */
  rules: (check: ActivityCheck | undefined) => string[];
  /** The member's part of the page, drawn once the check has answered. */
  children: (check: ActivityCheck) => ReactNode;
  /** Shown to visitors below the log-in prompt (e.g. the tier table). */
  visitorExtra?: ReactNode;
  title?: string;
  wide?: boolean;
};

/**
 * One activity page: banner, the member's panel (from POST /api/<type>/check) or, for a visitor,
 * the log-in prompt; then the rules.
 */
export function ActivityShell({ type, fallbackTitle, tagline, rules, children, visitorExtra, title, wide }: ShellProps) {
  const activity = useActivity(type);
  const { item, check, loggedIn, off } = activity;
  return (
    <PromoPage title={title ?? (item?.title || fallbackTitle)} wide={wide ?? false}>
      <ActivityHero type={type} item={item} check={check.data} tagline={tagline} />
      <MemberPanel activity={activity}>{children}</MemberPanel>
      {!loggedIn && !off ? visitorExtra : null}
      <RulesCard content={item?.content} rules={rules(check.data)} />
    </PromoPage>
  );
}
