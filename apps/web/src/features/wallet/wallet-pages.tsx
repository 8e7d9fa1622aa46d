import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeaturePage } from '../../components/feature-page.tsx';
import { ArrowUpIcon, PlusIcon } from '../../components/icons.tsx';

/** Deposits and withdrawals arrive in a later release: titles, log-in prompts and empty states. */
export function RechargePage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.recharge')} emptyText={t('empty.no_data')} gated />;
}

export function RechargeRecordPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.recharge_record')} emptyText={t('empty.no_records')} gated />;
}

export function RechargePaymentPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.recharge_payment')} emptyText={t('empty.no_data')} gated />;
}

export function WithdrawPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.withdraw')} emptyText={t('empty.no_data')} gated />;
}

export function WithdrawalRecordPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.withdrawal_record')} emptyText={t('empty.no_records')} gated />;
}

export function WithdrawalCardPage() {
  const { t } = useTranslation();
  return <FeaturePage title={t('pages.withdrawal_card')} emptyText={t('empty.no_data')} gated />;
}

/** /test12 and /cztx: one hidden page, recharge and withdraw side by side. */
export function RechargeWithdrawPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.cztx')} emptyText={t('empty.no_records')} gated>
      <div className="grid grid-cols-2 gap-3">
        <Link
          to="/recharge"
          className="flex flex-col items-center gap-2 rounded-2xl border border-money/40 bg-money/10 p-4 text-sm font-semibold text-white hover:bg-money/20"
        >
          <PlusIcon size={24} className="text-money" />
          {t('pages.recharge')}
        </Link>
        <Link
          to="/withdraw"
          className="flex flex-col items-center gap-2 rounded-2xl border border-gold/40 bg-gold/10 p-4 text-sm font-semibold text-white hover:bg-gold/20"
        >
          <ArrowUpIcon size={24} className="text-gold" />
          {t('pages.withdraw')}
        </Link>
      </div>
    </FeaturePage>
  );
}
