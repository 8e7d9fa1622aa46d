import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './confirm-dialog';
import { DialogError, Modal } from './modal';

type FormDialogProps = {
  title: string;
  /** Under the title: what the form does, in a sentence. */
  description?: ReactNode;
  /** While the request runs the dialog stays open and its buttons wait. */
  pending: boolean;
  /** The refusal no field shows; field errors sit under their fields. */
  error: string | null;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** Called with an input's name as the operator types in it (to clear that field's message). */
  onFieldInput?: (name: string) => void;
  className?: string;
  testId?: string;
  children: ReactNode;
};

/** An edit or create dialog: the form's fields, then its error line and the Cancel and submit buttons. */
export function FormDialog({
  title,
  description,
  pending,
  error,
  submitLabel,
  onSubmit,
  onClose,
  onFieldInput,
  className = 'space-y-3.5',
  testId,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  function fieldInput(event: FormEvent<HTMLFormElement>) {
    const target: EventTarget = event.target;
    if (onFieldInput && target instanceof HTMLInputElement) onFieldInput(target.name);
  }
  return (
    <Modal
      open
      title={title}
      description={description}
      pending={pending}
      onClose={() => {
        if (!pending) onClose();
      }}
    >
      <form onSubmit={onSubmit} onChange={fieldInput} noValidate className={className} data-testid={testId}>
        {children}
        <DialogError message={error} />
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending && <Spinner />}
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
