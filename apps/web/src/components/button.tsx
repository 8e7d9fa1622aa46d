import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'gold' | 'money' | 'ghost' | 'outline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  gold: 'bg-gradient-to-b from-gold to-gold-deep text-ink shadow-[0_4px_14px_-4px_rgba(245,196,81,0.55)] hover:brightness-110',
  money: 'bg-gradient-to-b from-money to-money-deep text-white shadow-[0_4px_14px_-4px_rgba(34,197,94,0.55)] hover:brightness-110',
  ghost: 'bg-surface-2 text-soft hover:bg-line hover:text-white',
  outline: 'border border-gold/60 text-gold hover:bg-gold/10',
  danger: 'border border-danger/50 text-danger hover:bg-danger/10',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-[15px]',
  lg: 'h-12 px-5 text-base',
};

/** Shared by <button> and router <Link>s that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'gold', size: ButtonSize = 'md', extra = ''): string {
  return [
    'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-xl font-semibold whitespace-nowrap transition',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  ].join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  block?: boolean;
};

export function Button({
  variant = 'gold',
  size = 'md',
  loading = false,
  block = false,
  className = '',
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, `${block ? 'w-full' : ''} ${className}`)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size={16} /> : null}
      {children}
    </button>
  );
}
