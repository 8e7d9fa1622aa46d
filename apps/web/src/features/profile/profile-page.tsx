import { IdCard, LifeBuoy } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { Button, buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import {
  ArrowUpIcon,
  BellIcon,
  CardIcon,
  ChevronRightIcon,
  CopyIcon,
  CrownIcon,
  DownloadIcon,
  HeadsetIcon,
  HeartIcon,
  HistoryIcon,
  LogoutIcon,
  PlusIcon,
  ReceiptIcon,
  ShieldIcon,
  UsersIcon,
  WalletIcon,
} from '../../components/icons.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { logout } from '../../lib/user.ts';
import { AvatarPicker } from './avatar-picker.tsx';

/** The responsible-gaming centre's icon, drawn like components/icons.tsx but kept out of the app shell's bundle. */
function CareIcon({ size = 20 }: { size?: number }) {
  return <LifeBuoy size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" />;
}

/** The identity page's icon (lucide, like the centre's). */
function IdentityIcon({ size = 20 }: { size?: number }) {
  return <IdCard size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" />;
}

type MenuItem = { to: string; label: string; icon: ComponentType<{ size?: number }> };

const MENU: MenuItem[] = [
  { to: '/favorites', label: 'pages.favorites', icon: HeartIcon },
  { to: '/game-records', label: 'pages.game_records', icon: HistoryIcon },
  { to: '/rechargeRecord', label: 'pages.recharge_record', icon: ReceiptIcon },
  { to: '/withdrawalRecord', label: 'pages.withdrawal_record', icon: ReceiptIcon },
  { to: '/withdrawal-card', label: 'pages.withdrawal_card', icon: CardIcon },
  { to: '/order-center', label: 'pages.order_center', icon: WalletIcon },
  { to: '/security-center', label: 'pages.security_center', icon: ShieldIcon },
  { to: '/verificacao', label: 'pages.identity', icon: IdentityIcon },
  { to: '/jogo-responsavel', label: 'pages.responsible_gaming', icon: CareIcon },
  { to: '/vip', label: 'pages.vip', icon: CrownIcon },
  { to: '/agency-center/invite', label: 'pages.agency_invite', icon: UsersIcon },
  { to: '/information-center/notification', label: 'pages.notification', icon: BellIcon },
  { to: '/information-center/support', label: 'pages.support', icon: HeadsetIcon },
  { to: '/download', label: 'pages.download', icon: DownloadIcon },
];

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 border-b border-line/50 py-2 last:border-0">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm text-white">{children}</dd>
    </div>
  );
}

/** /profile, the member centre: who I am, my money, my settings, log out. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const [picking, setPicking] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (!token) {
    return (
      <section>
        <PageHeader title={t('pages.profile')} back={false} />
        <LoginRequired />
      </section>
    );
  }

  const copyInvite = async () => {
    try {
      await navigator.clipboard.writeText(user.invite_code);
      toast.success(t('common.copied'));
    } catch {
      toast.info(user.invite_code);
    }
  };

  const signOut = async () => {
    setLeaving(true);
    await logout();
    setLeaving(false);
    toast.success(t('session.logged_out'));
    navigate('/', { replace: true });
  };

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeader title={t('pages.profile')} back={false} />

      <Card className="relative overflow-hidden bg-gradient-to-br from-surface-2 via-surface to-surface">
        <div className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-gold/10 blur-2xl" aria-hidden="true" />
        <div className="relative flex items-center gap-4">
          <button
            type="button"
            onClick={() => setPicking(true)}
            aria-label={t('profile.change_avatar')}
            className="relative shrink-0 rounded-full"
          >
            <Avatar url={user.profile_url} name={user.name} size={64} />
            <span className="absolute -right-0.5 -bottom-0.5 flex size-6 items-center justify-center rounded-full bg-gold text-ink ring-2 ring-surface">
              <PlusIcon size={14} />
            </span>
          </button>
          <div className="flex min-w-0 flex-col gap-1">
            <p className="truncate text-lg font-bold text-white" data-testid="profile-account">
              {user.name}
            </p>
            {user.level_name ? (
              <span className="inline-flex w-fit items-center gap-1 rounded-full bg-gold/15 px-2.5 py-0.5 text-xs font-semibold text-gold">
                <CrownIcon size={13} />
                {user.level_name}
              </span>
            ) : null}
          </div>
        </div>

        <div className="relative mt-5 grid grid-cols-3 gap-2 rounded-xl bg-ink/50 p-3 text-center">
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate text-[11px] text-muted">{t('profile.balance')}</span>
            <span className="truncate text-sm font-bold text-gold tabular-nums" data-testid="profile-balance">
              {formatMoney(user.money)}
            </span>
          </div>
          <div className="flex min-w-0 flex-col gap-0.5 border-x border-line/60">
            <span className="truncate text-[11px] text-muted">{t('profile.rebate_balance')}</span>
            <span className="truncate text-sm font-semibold text-white tabular-nums">{formatMoney(user.fs_money)}</span>
          </div>
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate text-[11px] text-muted">{t('profile.wagering')}</span>
            <span className="truncate text-sm font-semibold text-white tabular-nums">{formatMoney(user.ml_money)}</span>
          </div>
        </div>

        <div className="relative mt-3 grid grid-cols-2 gap-3">
          <Link to="/recharge" className={buttonClass('money', 'md')}>
            <PlusIcon size={18} />
            {t('pages.recharge')}
          </Link>
          <Link to="/withdraw" className={buttonClass('outline', 'md')}>
            <ArrowUpIcon size={18} />
            {t('pages.withdraw')}
          </Link>
        </div>
      </Card>

      <Card>
        <h2 className="mb-1 text-sm font-semibold text-soft">{t('profile.details')}</h2>
        <dl>
          <InfoRow label={t('profile.account')}>{user.name}</InfoRow>
          <InfoRow label={t('profile.vip_level')}>{user.level_name || '—'}</InfoRow>
          <InfoRow label={t('profile.invite_code')}>
            <button
              type="button"
              onClick={() => void copyInvite()}
              className="inline-flex items-center gap-1.5 font-mono text-gold hover:underline"
              aria-label={`${t('common.copy')} ${t('profile.invite_code')}`}
            >
              {user.invite_code}
              <CopyIcon size={15} />
            </button>
          </InfoRow>
          <InfoRow label={t('profile.phone')}>{user.phone}</InfoRow>
          <InfoRow label={t('profile.email')}>
            {user.email ? (
              user.email
            ) : (
              <Link to="/security-center/bind-email" className="text-gold hover:underline">
                {t('profile.bind_email')}
              </Link>
            )}
          </InfoRow>
        </dl>
      </Card>

      <Card className="p-2 md:p-2">
        <nav aria-label={t('profile.menu')}>
          <ul className="grid grid-cols-1 md:grid-cols-2 md:gap-x-2">
            {MENU.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link to={to} className="flex h-12 items-center gap-3 rounded-xl px-3 text-[15px] text-white hover:bg-surface-2">
                  <span className="text-gold">
                    <Icon size={20} />
                  </span>
                  <span className="flex-1 truncate">{t(label)}</span>
                  <ChevronRightIcon size={18} className="text-muted" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Card>

      <Button variant="danger" size="lg" block loading={leaving} onClick={() => void signOut()}>
        <LogoutIcon size={18} />
        {t('profile.logout')}
      </Button>

      {picking ? <AvatarPicker current={user.profile_url} onClose={() => setPicking(false)} /> : null}
    </section>
  );
}
