import { formatBRL } from '@casino/shared/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { ChoiceTabs } from '../../components/tabs.tsx';
import { errorMessage, isSessionError } from '../../lib/api.ts';
import { CATEGORIES } from '../../lib/categories.ts';
import { formatBasisPoints, formatDay, formatMoney } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { moneyCentavos, refreshUser } from '../../lib/user.ts';
import {
  claimRebate,
  DETAILS_PAGE_SIZE,
  type RangeDays,
  type RebateDetailItem,
  type RebatesList,
  rebateKeys,
  useRebateDetails,
} from './rebates.api.ts';

const NS = ['loyalty', 'web'] as const;

/** Texts from the `loyalty` catalogue first, then from `web` (page titles, categories, empty texts). */
export const useLoyaltyTranslation = () => useTranslation(NS, { nsMode: 'fallback' });

/** A gold coin, drawn (no image file). */
function CoinArt({ size = 56 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      className="shrink-0 drop-shadow-[0_6px_12px_rgba(245,196,81,0.35)]"
    >
      <defs>
        <linearGradient id="rebate-coin" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff3c2" />
          <stop offset="0.5" stopColor="#f5c451" />
          <stop offset="1" stopColor="#c8871a" />
        </linearGradient>
      </defs>
      <ellipse cx="32" cy="46" rx="24" ry="8" fill="#7a4e06" />
      <rect x="8" y="38" width="48" height="8" fill="#c8871a" />
      <ellipse cx="32" cy="38" rx="24" ry="8" fill="url(#rebate-coin)" />
      <ellipse cx="32" cy="30" rx="24" ry="8" fill="#a8680f" />
      <rect x="8" y="22" width="48" height="8" fill="#d99a1e" />
      <ellipse cx="32" cy="22" rx="24" ry="8" fill="url(#rebate-coin)" stroke="#7a4e06" strokeWidth="0.8" />
      <path
        d="M32 16 v12 M28.5 19.5 q3.5 -2.5 7 0 q-7 3 0 5 q-3.5 2.5 -7 0"
        stroke="#7a4e06"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

function Figure({ label, value, tone = 'text-white', testId }: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-ink/50 px-3 py-2.5">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className={`truncate text-base font-bold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Reloads the rebate screens and the balance after a claim (spec section 4: the list reloads). */
function useClaimRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRebate,
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => {
      if (!isSessionError(error)) toast.error(errorMessage(error));
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: rebateKeys.all }), refreshUser()]),
  });
}

/**
 * What a claim pays now: the accrued rebate (fs_money) plus today's pending part, which the claim
 * accrues first. Shown as one amount, with its two parts and the lifetime total beneath.
 */
export function RebateSummary({ list }: { list: RebatesList }) {
  const { t } = useLoyaltyTranslation();
  const claim = useClaimRebate();
  const claimableCentavos = moneyCentavos(list.fs_money) + moneyCentavos(list.pending);
  const claimable = formatBRL(claimableCentavos, currentLanguage());
  return (
    <Card className="relative flex flex-col gap-4 overflow-hidden">
      <div className="pointer-events-none absolute -top-20 -right-10 size-56 rounded-full bg-gold/15 blur-3xl" aria-hidden="true" />
      <div className="relative flex items-center gap-4">
        <CoinArt />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('rebates.claimable')}</p>
          <p className="truncate text-3xl font-extrabold text-gold tabular-nums" data-testid="rebate-claimable">
            {claimable}
          </p>
          <p className="text-xs text-muted">{t('rebates.level', { level: list.userviplvl })}</p>
        </div>
      </div>
      <dl className="relative grid grid-cols-3 gap-2">
        <Figure label={t('rebates.accrued')} value={formatMoney(list.fs_money)} tone="text-soft" testId="rebate-fs-money" />
        <Figure label={t('rebates.pending_today')} value={formatMoney(list.pending)} tone="text-soft" testId="rebate-pending" />
        <Figure label={t('rebates.total_claimed')} value={formatMoney(list.total_claimed)} tone="text-money" />
      </dl>
      <div className="relative flex flex-col gap-2">
        <Button
          size="lg"
          block
          disabled={claimableCentavos === 0}
          loading={claim.isPending}
          onClick={() => claim.mutate()}
          data-testid="rebate-claim"
        >
          {claimableCentavos > 0 ? t('rebates.claim', { amount: claimable }) : t('rebates.nothing_yet')}
        </Button>
        <p className="text-center text-xs text-muted">{t('rebates.wagering_note', { multiple: list.wagering_multiple })}</p>
      </div>
    </Card>
  );
}

/** The member's rates by category, beside the next level's so the gain of levelling up shows. */
export function RatesTable({ list }: { list: RebatesList }) {
  const { t } = useLoyaltyTranslation();
  const mine = list.rates.find((row) => row.level === list.userviplvl);
  const next = list.rates.find((row) => row.level === list.userviplvl + 1);
  const rateOf = (row: typeof mine, category: string) => row?.rates.find((r) => r.category === category)?.rate_bp;
  const categories = CATEGORIES.filter((category) => rateOf(mine, category) !== undefined || rateOf(next, category) !== undefined);
  return (
    <Card className="flex flex-col gap-3 !px-0 md:!px-0">
      <div className="px-4 md:px-5">
        <h2 className="text-[15px] font-bold text-white">{t('rebates.rates_title')}</h2>
        <p className="text-xs text-muted">{t('rebates.rates_hint')}</p>
      </div>
      {categories.length === 0 ? (
        <p className="px-4 pb-2 text-sm text-muted md:px-5">{t('empty.no_data')}</p>
      ) : (
        <table className="w-full text-left text-[13px] tabular-nums" data-testid="rebate-rates">
          <thead className="text-xs text-muted">
            <tr className="border-b border-line/60">
              <th scope="col" className="py-2 pr-2 pl-4 font-medium md:pl-5">
                {t('rebates.category')}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium text-gold">
                {t('rebates.my_rate', { level: list.userviplvl })}
              </th>
              {next ? (
                <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium md:pr-5">
                  VIP {next.level}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category} className="border-b border-line/40 last:border-0">
                <th scope="row" className="py-2 pr-2 pl-4 font-medium text-soft md:pl-5">
                  {t(`categories.${category}`)}
                </th>
                <td className="px-2 py-2 text-right font-bold text-gold">{formatBasisPoints(rateOf(mine, category) ?? 0)}</td>
                {next ? (
                  <td className="py-2 pr-4 pl-2 text-right text-muted md:pr-5">{formatBasisPoints(rateOf(next, category) ?? 0)}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

const RANGES: { value: RangeDays; label: string }[] = [
  { value: 1, label: 'ranges.today' },
  { value: 3, label: 'ranges.last_3_days' },
  { value: 7, label: 'ranges.last_7_days' },
];

function DetailRow({ item }: { item: RebateDetailItem }) {
  const { t } = useLoyaltyTranslation();
  return (
    <li className="flex items-center gap-3 border-b border-line/40 py-3 last:border-0" data-testid="rebate-detail">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">{t(`categories.${item.category}`)}</p>
        <p className="text-xs text-muted tabular-nums">
          {formatDay(item.day)} · {t('rebates.valid_bet', { amount: formatMoney(item.valid_bet) })} · {formatBasisPoints(item.rate_bp)}
        </p>
      </div>
      <span className="shrink-0 font-bold text-money tabular-nums">+{formatMoney(item.rebate)}</span>
    </li>
  );
}

/** Accruals by day and category for today, 3 or 7 days. */
export function RebateDetails() {
  const { t } = useLoyaltyTranslation();
  const [days, setDays] = useState<RangeDays>(1);
  const [page, setPage] = useState(1);
  const details = useRebateDetails(days, page, true);
  let body: ReactNode;
  if (details.isPending) body = <Skeleton className="h-32" />;
  else if (details.isError) body = <p className="py-6 text-center text-sm text-soft">{errorMessage(details.error)}</p>;
  else if (details.data.list.length === 0) body = <EmptyState text={t('empty.no_records')} />;
  else
    body = (
      <>
        <ul>
          {details.data.list.map((item) => (
            <DetailRow key={`${item.day}-${item.category}`} item={item} />
          ))}
        </ul>
        <Pager page={page} total={details.data.total} pageSize={DETAILS_PAGE_SIZE} onPage={setPage} />
      </>
    );
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-[15px] font-bold text-white">{t('rebates.details_title')}</h2>
      <ChoiceTabs
        label={t('rebates.details_title')}
        value={days}
        onChange={(value) => {
          setDays(value);
          setPage(1);
        }}
        choices={RANGES.map((range) => ({ value: range.value, label: t(range.label) }))}
      />
      <div role="tabpanel">{body}</div>
    </Card>
  );
}

/** How rebates work, in three sentences; shown to visitors too. */
export function RebateRules() {
  const { t } = useLoyaltyTranslation();
  return (
    <Card className="flex flex-col gap-2.5">
      <h2 className="text-[15px] font-bold text-white">{t('rebates.rules_title')}</h2>
      <ul className="flex flex-col gap-2 text-[13px] leading-snug text-soft">
        {(['rule_accrue', 'rule_level', 'rule_claim'] as const).map((rule) => (
          <li key={rule} className="flex gap-2">
            <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-gold" aria-hidden="true" />
            {t(`rebates.${rule}`)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
