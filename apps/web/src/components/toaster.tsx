import { dismissToast, useToasts } from '../lib/toast.ts';
import { AlertIcon, CheckIcon } from './shell-icons.tsx';

const STYLES = {
  success: 'border-money/40 text-white',
  error: 'border-danger/50 text-white',
  info: 'border-gold/40 text-white',
} as const;

/** Toasts with the server's (translated) messages; errors are announced assertively. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-[60] md:top-20 flex flex-col items-center gap-2 px-3">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-kind={toast.kind}
          className={`animate-toast-in pointer-events-auto flex w-full max-w-sm items-start gap-2.5 rounded-xl border bg-surface-2/95 px-4 py-3 text-sm shadow-xl backdrop-blur ${STYLES[toast.kind]}`}
        >
          <span className={toast.kind === 'error' ? 'text-danger' : toast.kind === 'success' ? 'text-money' : 'text-gold'}>
            {toast.kind === 'success' ? <CheckIcon size={18} /> : <AlertIcon size={18} />}
          </span>
          <button type="button" className="flex-1 text-left" onClick={() => dismissToast(toast.id)}>
            {toast.text}
          </button>
        </div>
      ))}
    </div>
  );
}
