import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { CloseIcon } from './shell-icons.tsx';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Hide the visible title (the dialog keeps it as its accessible name). */
  hideTitle?: boolean;
  size?: 'sm' | 'md';
};

/** A dialog: bottom sheet on phones, centred card on wider screens. Escape and backdrop close it. */
export function Modal({ title, onClose, children, hideTitle = false, size = 'md' }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <button
        type="button"
        aria-label={t('common.close')}
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-black/70 backdrop-blur-sm"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`animate-sheet-in relative flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-3xl border border-line bg-night shadow-2xl outline-none sm:rounded-3xl ${size === 'sm' ? 'sm:max-w-sm' : 'sm:max-w-md'}`}
      >
        <div className="flex items-center gap-2 px-5 pt-4 pb-2">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'flex-1 text-lg font-bold text-white'}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('common.close')}
            className="ml-auto flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-white"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="overflow-y-auto px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]">{children}</div>
      </div>
    </div>
  );
}
