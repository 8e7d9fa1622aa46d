import type { ComponentType, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ChevronRightIcon, HeadsetIcon, KeyIcon, LockIcon, MailIcon, ShieldIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useSecurityStatus } from './security.api.ts';
import { SecurityPage } from './security-page.tsx';
import { WithdrawalPasswordForm } from './withdrawal-password-form.tsx';

type RowProps = {
  icon: ComponentType<{ size?: number }>;
  title: string;
  detail: string;
  status?: ReactNode;
  to?: string;
  onClick?: () => void;
  expanded?: boolean;
};

function Row({ icon: Icon, title, detail, status, to, onClick, expanded }: RowProps) {
  const body = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold/10 text-gold">
        <Icon size={20} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-[15px] leading-snug font-semibold text-white">{title}</span>
        <span className="line-clamp-2 text-xs text-muted">{detail}</span>
      </span>
      {status}
      <ChevronRightIcon size={18} className={`shrink-0 text-muted transition ${expanded ? 'rotate-90' : ''}`} />
    </>
  );
  const className = 'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left hover:bg-surface-2';
  return to ? (
    <Link to={to} className={className}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onClick} aria-expanded={expanded} className={className}>
      {body}
    </button>
  );
}

function Badge({ on, children }: { on: boolean; children: string }) {
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold ${on ? 'bg-money/15 text-money' : 'bg-danger/15 text-danger'}`}
    >
      {children}
    </span>
  );
}

function SecurityCenter() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const status = useSecurityStatus(loggedIn);
  const [qkOpen, setQkOpen] = useState(false);

  if (status.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (status.isError) return <EmptyState text={t('common.load_fail')} />;
  const { has_password_change: canChange, has_qk_pwd: hasQk, email } = status.data;

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-money/15 text-money">
          <ShieldIcon size={24} />
        </span>
        <p className="text-sm text-soft">{t('security.intro')}</p>
      </Card>

      {canChange ? null : (
        <Card className="flex flex-col gap-3 border-gold/40" data-testid="contact-support">
          <p className="text-sm text-soft">{t('security.contact_support')}</p>
          <Link to="/information-center/support" className={buttonClass('gold', 'md')}>
            <HeadsetIcon size={18} />
            {t('security.contact_support_button')}
          </Link>
        </Card>
      )}

      <Card className="p-2 md:p-2">
        {canChange ? (
          <>
            <Row
              icon={LockIcon}
              title={t('pages.change_password')}
              detail={t('security.login_password_desc')}
              to="/security-center/change-password"
            />
            <Row
              icon={KeyIcon}
              title={hasQk ? t('security.change_withdrawal_password') : t('security.set_withdrawal_password')}
              detail={t('security.withdrawal_password_desc')}
              status={<Badge on={hasQk}>{hasQk ? t('security.status_on') : t('security.status_off')}</Badge>}
              onClick={() => setQkOpen((open) => !open)}
              expanded={qkOpen}
            />
            {qkOpen ? (
              <div className="px-3 pt-1 pb-4">
                <WithdrawalPasswordForm onDone={() => setQkOpen(false)} />
              </div>
            ) : null}
            <Row
              icon={ShieldIcon}
              title={t('pages.verify_password')}
              detail={t('security.verify_password_desc')}
              to="/security-center/verify-password"
            />
          </>
        ) : null}
        <Row
          icon={MailIcon}
          title={t('pages.bind_email')}
          detail={email ?? t('security.email_desc')}
          status={<Badge on={email !== null}>{email ? t('security.status_bound') : t('security.status_unbound')}</Badge>}
          to="/security-center/bind-email"
        />
      </Card>
    </div>
  );
}

/** /security-center: login and withdrawal passwords, password check, email binding. */
export function SecurityCenterPage() {
  const { t } = useTranslation();
  return (
    <SecurityPage title={t('pages.security_center')}>
      <SecurityCenter />
    </SecurityPage>
  );
}
