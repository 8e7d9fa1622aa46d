import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { translateMessage } from '../lib/i18n.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** A catalogue key (client validation) or a server text. */
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  /** Element drawn at the right end of the input (e.g. captcha image). */
  addon?: ReactNode;
};

export const inputClass =
  'h-12 w-full min-w-0 rounded-xl border bg-ink/60 px-3.5 text-[15px] text-white placeholder:text-muted/70 outline-none transition focus:border-gold/70 focus:bg-ink';

/** Labelled input with its error below; password fields get a show/hide toggle. */
export function FormField({ label, error, hint, addon, type = 'text', id, className = '', ref, ...props }: FieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const message = translateMessage(error);
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-[13px] font-medium text-soft">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            ref={ref}
            id={inputId}
            type={isPassword && visible ? 'text' : type}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            className={`${inputClass} ${message ? 'border-danger/70' : 'border-line'} ${isPassword ? 'pr-11' : ''}`}
            {...props}
          />
          {isPassword ? (
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? t('common.hide_password') : t('common.show_password')}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted hover:text-white"
            >
              {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
            </button>
          ) : null}
        </div>
        {addon}
      </div>
      {message ? (
        <p id={errorId} className="text-[13px] text-danger" data-field-error={props.name}>
          {message}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted">{hint}</p>
      ) : null}
    </div>
  );
}
