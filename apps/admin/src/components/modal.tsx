import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalProps = {
  open: boolean;
  title: string;
  /** Under the title: what the form does, in a sentence. */
  description?: ReactNode;
  /** While a request runs, Escape and the backdrop do not close the dialog. */
  pending?: boolean;
  onClose: () => void;
  children: ReactNode;
};

/** A form dialog on the native <dialog>, styled like ConfirmDialog: the browser traps focus and handles Escape. */
export function Modal({ open, title, description, pending = false, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        if (pending) event.preventDefault();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg rounded-xl border border-white/10 bg-navy-850 p-0 text-slate-200 shadow-2xl shadow-black/60 backdrop:bg-navy-950/75 backdrop:backdrop-blur-sm"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-base font-semibold text-white">
          {title}
        </h2>
        {description && <div className="mt-1.5 text-sm leading-6 text-slate-400">{description}</div>}
        {open && <div className="mt-4">{children}</div>}
      </div>
    </dialog>
  );
}

/** The server's refusal inside a dialog (toasts sit below the modal's top layer). */
export function DialogError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-rose-500/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
      {message}
    </p>
  );
}
