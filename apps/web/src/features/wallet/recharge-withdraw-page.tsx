import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { Card } from '../../components/card.tsx';
import { ArrowUpIcon, ChevronRightIcon, PlusIcon, ReceiptIcon } from '../../components/icons.tsx';
import { RechargeForm } from './recharge-page.tsx';
import { BalanceCard, WithdrawForm } from './withdraw-page.tsx';
import { WalletPage } from './wallet-ui.tsx';

const RECORDS = [
  { to: '/rechargeRecord', label: 'pages.recharge_record' },
  { to: '/withdrawalRecord', label: 'pages.withdrawal_record' },
  { to: '/order-center', label: 'pages.order_center' },
];

/** /test12 and /cztx: the spec's hidden page, a compact recharge-and-withdraw page. */
export function RechargeWithdrawPage() {
  const { t } = useTranslation();
  return (
    <WalletPage title={t('pages.cztx')} wide>
      <div className="flex flex-col gap-4">
        <BalanceCard compact />
        <div className="grid items-start gap-4 md:grid-cols-2">
          <Card>
            <h2 className="mb-3 flex items-center gap-2 text-[15px] font-bold text-white">
              <PlusIcon size={18} className="text-money" />
              {t('wallet.quick_deposit')}
            </h2>
            <RechargeForm compact />
          </Card>
          <Card>
            <h2 className="mb-3 flex items-center gap-2 text-[15px] font-bold text-white">
              <ArrowUpIcon size={18} className="text-gold" />
              {t('wallet.quick_withdraw')}
            </h2>
            <WithdrawForm compact />
          </Card>
        </div>
        <nav aria-label={t('wallet.records')} className="grid gap-2 sm:grid-cols-3">
          {RECORDS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="flex h-12 items-center gap-3 rounded-xl border border-line/70 bg-surface px-3 text-sm text-white hover:border-gold/40"
            >
              <ReceiptIcon size={18} className="text-gold" />
              <span className="flex-1 truncate">{t(link.label)}</span>
              <ChevronRightIcon size={16} className="text-muted" />
            </Link>
          ))}
        </nav>
      </div>
    </WalletPage>
  );
}
