import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage, isSessionError } from './api.ts';
import { toast } from './toast.ts';

/**
 * Shows a failed submit: a 422's field errors go under their fields (the server already
 * translated them), the general message in a toast. Session failures are handled by the client.
 */
export function showSubmitError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  if (isSessionError(error)) return;
  let placed = false;
  if (error instanceof ApiError) {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const name = fields.find((f) => f === field);
      if (name && messages[0]) {
        setError(name, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
        placed = true;
      }
    }
  }
  toast.error(errorMessage(error));
}
