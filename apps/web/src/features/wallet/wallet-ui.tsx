import { formatCentavos, MAX_CENTAVOS, parseReais } from '@casino/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { Modal } from '../../components/modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { moneyCentavos } from '../../lib/user.ts';

/** Frame of the wallet pages: title, and the log-in prompt for a visitor (no route guards). */
export function WalletPage({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const loggedIn = useIsLoggedIn();
  return (
    <section className={`mx-auto flex w-full flex-col ${wide ? 'max-w-4xl' : 'max-w-xl'}`}>
      <PageHeader title={title} />
      {loggedIn ? children : <LoginRequired />}
    </section>
  );
}

/**
 * An amount typed by a Brazilian ("100", "100,50", "1.234,56") or an English speaker ("100.50")
 * to centavos; null when it is not a plain non-negative amount with at most two decimals.
 */
export function parseAmountInput(input: string): number | null {
  let text = input
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s/g, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  return parseReais(text);
}

/** Centavos to the request form ("100.00"). */
export const toRequestMoney = (value: number) => formatCentavos(value);

export type AmountLimits = { min: string; max: string };

/** Checks an amount against the channel limits; the message is a web catalogue key. */
export function amountProblem(input: string, limits: AmountLimits | null, balance?: string): string | null {
  if (input.trim() === '') return 'wallet.amount_required';
  const value = parseAmountInput(input);
  if (value === null || value > MAX_CENTAVOS) return 'wallet.amount_invalid';
  if (value <= 0) return 'wallet.amount_invalid';
  if (limits && value < moneyCentavos(limits.min)) return 'wallet.amount_below_min';
  if (limits && moneyCentavos(limits.max) > 0 && value > moneyCentavos(limits.max)) return 'wallet.amount_above_max';
  if (balance !== undefined && value > moneyCentavos(balance)) return 'wallet.amount_above_balance';
  return null;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = currentLanguage() === 'pt' ? 'pt-BR' : currentLanguage();
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

const BADGE_TONES = {
  good: 'bg-money/15 text-money ring-money/30',
  wait: 'bg-gold/15 text-gold ring-gold/30',
  bad: 'bg-danger/15 text-danger ring-danger/30',
  idle: 'bg-surface-2 text-muted ring-line',
} as const;

const STATUS_TONE: Record<string, keyof typeof BADGE_TONES> = {
  pending: 'wait',
  credited: 'good',
  expired: 'idle',
  failed: 'bad',
  pending_review: 'wait',
  approved: 'wait',
  paying: 'wait',
  paid: 'good',
  rejected: 'bad',
};

/** A translated status pill; unknown statuses from a newer server show as they are. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = BADGE_TONES[STATUS_TONE[status] ?? 'idle'];
  return (
    <span
      className={`inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
      data-status={status}
    >
      {t(`wallet.status.${status}`, { defaultValue: status })}
    </span>
  );
}

/** Quick-amount chips under an amount field. */
export function AmountChips({ amounts, value, onPick }: { amounts: string[]; value: string; onPick: (amount: string) => void }) {
  const picked = parseAmountInput(value);
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {amounts.map((amount) => {
        const active = picked !== null && picked === moneyCentavos(amount);
        return (
          <button
            key={amount}
            type="button"
            onClick={() => onPick(amount)}
            aria-pressed={active}
            className={`h-11 rounded-xl border text-[15px] font-semibold tabular-nums transition ${
              active
                ? 'border-money bg-money/20 text-white ring-1 ring-money ring-inset'
                : 'border-line bg-ink/40 text-soft hover:border-money/60 hover:text-white'
            }`}
          >
            {formatShortMoney(amount)}
          </button>
        );
      })}
    </div>
  );
}

/** "R$ 100" for whole amounts on chips, the full format otherwise. */
function formatShortMoney(amount: string): string {
  const value = moneyCentavos(amount);
  const formatter = new Intl.NumberFormat(currentLanguage() === 'pt' ? 'pt-BR' : 'en-US', {
    style: 'currency',
    currency: 'BRL',
    maximumFractionDigits: value % 100 === 0 ? 0 : 2,
    minimumFractionDigits: value % 100 === 0 ? 0 : 2,
  });
  return formatter.format(value / 100).replace(/\u00a0/g, ' ');
}

/** An alert (spec: withdrawal results are alerts): one message and an OK button. */
export function AlertDialog({
  title,
  message,
  tone,
  onClose,
}: {
  title: string;
  message: string;
  tone: 'success' | 'error';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onClose} size="sm">
      <div className="flex flex-col items-center gap-4 pb-2 text-center">
        <span
          className={`flex size-14 items-center justify-center rounded-full ${tone === 'success' ? 'bg-money/15 text-money' : 'bg-danger/15 text-danger'}`}
        >
          {tone === 'success' ? <CheckIcon size={28} /> : <AlertIcon size={28} />}
        </span>
        <p className="text-[15px] text-soft" role="alert">
          {message}
        </p>
        <Button block onClick={onClose}>
          {t('common.ok')}
        </Button>
      </div>
    </Modal>
  );
}

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-2.5">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-[76px]" />
      ))}
    </div>
  );
}

/** A failed load: the server's message and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-danger/30 bg-danger/5 px-6 py-8 text-center">
      <AlertIcon size={28} className="text-danger" />
      <p className="text-sm text-soft">{errorMessage(error)}</p>
      <Button variant="ghost" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Previous / next for the paged lists. */
export function Pager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <div className="flex items-center justify-between gap-3 pt-2">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('wallet.previous')}
      </Button>
      <span className="text-sm text-muted tabular-nums">
        {page} / {pages}
      </span>
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('wallet.next')}
      </Button>
    </div>
  );
}

/** One label/value row of a details view. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-line/60 py-3 last:border-b-0">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-all text-white">{children}</dd>
    </div>
  );
}
