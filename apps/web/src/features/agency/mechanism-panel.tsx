import { formatBRL } from '@casino/shared/money';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { formatBasisPoints, formatDay, formatMoney } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { type Mechanism, type MechanismRates, type MechanismSettlement, useMechanism } from './agency.api.ts';
import { FactRow, useLoyaltyTranslation, useLevelLabel } from './agency-ui.tsx';

const rateAt = (rates: MechanismRates | undefined, level: number) => rates?.levels.find((row) => row.level === level)?.rate_bp;

/** Commission rates by subordinate level, recharge and betting side by side (either may be missing). */
export function RatesByLevel({ mechanism }: { mechanism: Mechanism }) {
  const { t } = useLoyaltyTranslation();
  const levelLabel = useLevelLabel();
  const levels = [...new Set([...(mechanism.recharge?.levels ?? []), ...(mechanism.betting?.levels ?? [])].map((row) => row.level))].sort(
    (a, b) => a - b,
  );
  if (levels.length === 0) return null;
  const cell = (rate: number | undefined) => (rate === undefined ? '—' : formatBasisPoints(rate));
  return (
    <Card className="flex flex-col gap-3 !px-0 md:!px-0">
      <div className="px-4 md:px-5">
        <h2 className="text-[15px] font-bold text-white">{t('agency.mechanism.rates_title')}</h2>
        <p className="text-xs text-muted">{t('agency.mechanism.rates_hint')}</p>
      </div>
      <table className="w-full text-left text-[13px] tabular-nums" data-testid="mechanism-rates">
        <thead className="text-xs text-muted">
          <tr className="border-b border-line/60">
            <th scope="col" className="py-2 pr-2 pl-4 font-medium md:pl-5">
              {t('agency.mechanism.level')}
            </th>
            {mechanism.recharge ? (
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {t('agency.sources.recharge')}
              </th>
            ) : null}
            {mechanism.betting ? (
              <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium md:pr-5">
                {t('agency.sources.betting')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => (
            <tr key={level} className="border-b border-line/40 last:border-0">
              <th scope="row" className="py-2.5 pr-2 pl-4 font-medium text-soft md:pl-5">
                {levelLabel(level)}
              </th>
              {mechanism.recharge ? (
                <td className="px-2 py-2.5 text-right font-bold text-gold">{cell(rateAt(mechanism.recharge, level))}</td>
              ) : null}
              {mechanism.betting ? (
                <td className="py-2.5 pr-4 pl-2 text-right font-bold text-gold md:pr-5">{cell(rateAt(mechanism.betting, level))}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

const EXAMPLE_RECHARGE_CENTAVOS = 100_000;
const EXAMPLE_BETTING_CENTAVOS = 500_000;

/** A worked example with the direct rates, in integer centavos rounded down like the settlement. */
export function Example({ mechanism }: { mechanism: Mechanism }) {
  const { t } = useLoyaltyTranslation();
  const recharge = rateAt(mechanism.recharge, 1);
  const betting = rateAt(mechanism.betting, 1);
  if (recharge === undefined || betting === undefined) return null;
  const money = (centavos: number) => formatBRL(centavos, currentLanguage());
  const fromRecharge = Math.floor((EXAMPLE_RECHARGE_CENTAVOS * recharge) / 10_000);
  const fromBetting = Math.floor((EXAMPLE_BETTING_CENTAVOS * betting) / 10_000);
  return (
    <Card className="flex flex-col gap-2 border-gold/30 bg-gradient-to-br from-gold/10 to-surface">
      <h2 className="text-[15px] font-bold text-white">{t('agency.mechanism.example_title')}</h2>
      <p className="text-[13px] leading-snug text-soft">
        {t('agency.mechanism.example_text', { recharge: money(EXAMPLE_RECHARGE_CENTAVOS), betting: money(EXAMPLE_BETTING_CENTAVOS) })}
      </p>
      <p className="text-lg font-extrabold text-money tabular-nums" data-testid="mechanism-example">
        {money(fromRecharge)} + {money(fromBetting)} = {money(fromRecharge + fromBetting)}
      </p>
    </Card>
  );
}

function Settlement({ settlement }: { settlement: MechanismSettlement }) {
  const { t } = useLoyaltyTranslation();
  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-[15px] font-bold text-white">{t('agency.mechanism.settlement_title')}</h2>
      <p className="text-[13px] leading-snug text-soft">
        {t('agency.mechanism.settlement_text', { time: settlement.settles_at, multiple: settlement.wagering_multiple })}
      </p>
      <dl>
        <FactRow label={t('agency.mechanism.settles_at')}>
          <span className="tabular-nums" data-testid="settles-at">
            {settlement.settles_at}
          </span>
        </FactRow>
        <FactRow label={t('agency.mechanism.timezone')}>{settlement.timezone}</FactRow>
        <FactRow label={t('agency.mechanism.last_settled')}>
          {settlement.last_settled_day ? formatDay(settlement.last_settled_day) : '—'}
        </FactRow>
        <FactRow label={t('agency.mechanism.min_payout')}>{formatMoney(settlement.min_payout)}</FactRow>
        <FactRow label={t('agency.mechanism.wagering')}>
          {t('agency.mechanism.wagering_value', { multiple: settlement.wagering_multiple })}
        </FactRow>
      </dl>
    </Card>
  );
}

/**
 * /agency-center/agency-mechanism: recharge, betting and settlement fetched together; whatever
 * arrived is shown, a part that failed is simply absent (spec section 7).
 */
export function MechanismPanel() {
  const { t } = useLoyaltyTranslation();
  const mechanism = useMechanism();
  if (mechanism.isPending) return <Skeleton className="h-72" />;
  const data = mechanism.data ?? {};
  if (!data.recharge && !data.betting && !data.settlement) return <EmptyState text={t('empty.no_data')} />;
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <RatesByLevel mechanism={data} />
        <Example mechanism={data} />
      </div>
      {data.settlement ? <Settlement settlement={data.settlement} /> : null}
    </div>
  );
}
