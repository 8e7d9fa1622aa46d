import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatMoney } from '../../lib/format.ts';
import { ActivityArt } from './activity-art.tsx';
import { BlockSkeleton, formatDateTime, LoadError, PromoPage, PromotionTabs, StateBadge } from './promo-ui.tsx';
import { type ActivityOverviewItem, useActivitiesOverview, useActivityDetails } from './promotions.api.ts';

function ActivityImage({ item, className }: { item: ActivityOverviewItem; className: string }) {
  return item.image_url ? (
    <img src={item.image_url} alt="" loading="lazy" className={`object-cover ${className}`} />
  ) : (
    <ActivityArt type={item.type} className={className} />
  );
}

/** The activity's details as the operator wrote them (GET /api/activitydetails/get). */
function ActivityDetails({ item, onClose }: { item: ActivityOverviewItem; onClose: () => void }) {
  const { t } = useTranslation('promo');
  const details = useActivityDetails(true);
  const detail = details.data?.find((d) => d.id === item.id) ?? details.data?.find((d) => d.type === item.type);
  const content = detail?.content || item.content;
  const startsAt = detail?.starts_at ?? item.starts_at;
  const endsAt = detail?.ends_at ?? item.ends_at;
  return (
    <Modal title={detail?.title || item.title} onClose={onClose}>
      <div className="flex flex-col gap-4 pb-2">
        <ActivityImage item={item} className="aspect-[2/1] w-full rounded-2xl" />
        <div className="flex items-center gap-2">
          <StateBadge state={item.state} />
          {item.reward !== '0.00' ? <span className="font-bold text-gold tabular-nums">{formatMoney(item.reward)}</span> : null}
        </div>
        {details.isPending ? (
          <div className="flex justify-center py-4 text-gold">
            <Spinner />
          </div>
        ) : (
          <p className="text-sm whitespace-pre-line text-soft" data-testid="activity-details">
            {content}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-xl bg-surface px-3 py-2">
            <dt className="text-xs text-muted">{t('list.starts')}</dt>
            <dd className="text-white">{startsAt ? formatDateTime(startsAt) : t('list.always_on')}</dd>
          </div>
          <div className="rounded-xl bg-surface px-3 py-2">
            <dt className="text-xs text-muted">{t('list.ends')}</dt>
            <dd className="text-white">{endsAt ? formatDateTime(endsAt) : t('list.no_end')}</dd>
          </div>
        </dl>
        <Link to={item.route} className={buttonClass('gold', 'lg', 'w-full')} onClick={onClose}>
          {t('list.go')}
        </Link>
      </div>
    </Modal>
  );
}

function ActivityCard({ item, onDetails }: { item: ActivityOverviewItem; onDetails: () => void }) {
  const { t } = useTranslation('promo');
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-line/70 bg-surface transition hover:border-gold/40"
      data-testid="activity-card"
      data-type={item.type}
    >
      <Link to={item.route} className="relative block" tabIndex={-1} aria-hidden="true">
        <ActivityImage item={item} className="aspect-[2/1] w-full" />
        <span className="absolute top-2.5 left-2.5 rounded-full bg-ink/80 backdrop-blur-sm">
          <StateBadge state={item.state} />
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-1.5 p-3.5">
        <h2 className="line-clamp-1 text-[15px] font-bold text-white">{item.title}</h2>
        <p className="line-clamp-2 text-[13px] text-muted">{item.content}</p>
        {item.reward !== '0.00' ? (
          <p className="text-sm text-soft">
            {t('list.reward')}: <span className="font-bold text-gold tabular-nums">{formatMoney(item.reward)}</span>
          </p>
        ) : null}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Button variant="ghost" size="sm" onClick={onDetails}>
            {t('list.details')}
          </Button>
          <Link to={item.route} className={buttonClass(item.state === 'eligible' ? 'money' : 'gold', 'sm')}>
            {item.state === 'eligible' ? t('list.claim') : t('list.go')}
            <ChevronRightIcon size={16} />
          </Link>
        </div>
      </div>
    </li>
  );
}

/** /promotion/activity: every activity of the site as a card with the member's state. */
export function ActivityListPage() {
  const { t } = useTranslation();
  const overview = useActivitiesOverview();
  const [open, setOpen] = useState<ActivityOverviewItem | null>(null);

  let body: ReactNode;
  if (overview.isPending) body = <BlockSkeleton rows={3} height="h-56" />;
  else if (overview.isError) body = <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  else if (overview.data.length === 0) body = <EmptyState text={t('empty.no_activity')} />;
  else
    body = (
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('pages.promotion_activity')}>
        {overview.data.map((item) => (
          <ActivityCard key={item.id} item={item} onDetails={() => setOpen(item)} />
        ))}
      </ul>
    );

  return (
    <PromoPage title={t('pages.promotion_activity')} wide>
      <PromotionTabs />
      {body}
      {open ? <ActivityDetails item={open} onClose={() => setOpen(null)} /> : null}
    </PromoPage>
  );
}
