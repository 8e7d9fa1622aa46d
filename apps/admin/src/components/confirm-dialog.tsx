import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';
import { toast } from './toaster';

export const REASON_MAX_LENGTH = 500;
/** The server refuses shorter reasons where one is mandatory. */
export const REASON_MIN_LENGTH = 3;

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Shows a free-text reason field (name="reason"). */
  withReason?: boolean;
  /** The reason must be given (at least REASON_MIN_LENGTH characters) before confirming. */
  reasonRequired?: boolean;
  pending?: boolean;
  /** The server's refusal, shown inside the dialog (toasts sit below the modal's top layer). */
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** A modal confirmation on the native <dialog>: focus trap, Escape and backdrop come from the browser. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  withReason = false,
  reasonRequired = false,
  pending = false,
  error = null,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonTooShort, setReasonTooShort] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setReason('');
      setReasonTooShort(false);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (reasonRequired && reason.trim().length < REASON_MIN_LENGTH) {
      setReasonTooShort(true);
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        if (pending) event.preventDefault();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-white/10 bg-navy-850 p-0 text-slate-200 shadow-2xl shadow-black/60 backdrop:bg-navy-950/75 backdrop:backdrop-blur-sm"
    >
      <form onSubmit={submit} noValidate className="p-5">
        <h2 id={titleId} className="text-base font-semibold text-white">
          {title}
        </h2>
        <div className="mt-2 text-sm leading-6 text-slate-400">{description}</div>
        {error && (
          <p role="alert" className="mt-3 rounded-lg border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
            {error}
          </p>
        )}
        {withReason && (
          <div className="mt-4">
            <label htmlFor={reasonId} className="field-label">
              {reasonRequired ? t('common.reason_required') : t('common.reason_optional')}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              rows={3}
              aria-required={reasonRequired}
              maxLength={REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonTooShort(false);
              }}
              placeholder={t('common.reason_placeholder')}
              aria-invalid={reasonTooShort ? true : undefined}
              aria-describedby={reasonTooShort ? `${reasonId}-error` : undefined}
              className="input h-auto resize-none py-2"
            />
            {reasonTooShort && (
              <p id={`${reasonId}-error`} className="mt-1 text-xs text-rose-300">
                {t('common.reason_too_short', { min: REASON_MIN_LENGTH })}
              </p>
            )}
          </div>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={tone === 'danger' ? 'btn-danger' : 'btn-primary'} disabled={pending}>
            {pending && <Spinner />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export function Spinner({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}

/** A delete mutation by id whose answer carries the server's message (the admin's useDelete* hooks). */
type DeleteMutation = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset(): void;
  mutate(id: number, options: { onSuccess: (answer: { message: string }) => void }): void;
};

/**
 * Confirms deleting one row (`id`, null when closed): the server's refusal inside the dialog, its
 * message as a toast on success, then closed.
 */
export function DeleteConfirmDialog({
  id,
  title,
  description,
  confirmLabel,
  remove,
  onClose,
}: {
  id: number | null;
  title: string;
  description: string;
  confirmLabel: string;
  remove: DeleteMutation;
  onClose: () => void;
}) {
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={id !== null}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      tone="danger"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() => {
        if (id === null) return;
        remove.mutate(id, {
          onSuccess: ({ message }) => {
            toast.success(message);
            close();
          },
        });
      }}
      onClose={close}
    />
  );
}
