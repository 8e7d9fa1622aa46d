import { useState } from 'react';
import { errorMessage, isApiError } from './api-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The server's refusals of the fields a form shows, the first message of each. A nested path
 * counts for its field ("names.pt" for "names", "tags.1" for "tags"); `rename` maps the body's
 * names onto the form's ("fee_bp" onto "fee").
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  rename: Partial<Record<string, F>> = {},
): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  if (!isApiError(error)) return found;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const head = path.split('.')[0] ?? '';
    const field = rename[head] ?? ((fields as readonly string[]).includes(head) ? (head as F) : undefined);
    if (field && messages[0] && !found[field]) found[field] = messages[0];
  }
  return found;
}

/** Whether the server named the fields it refused: those messages sit under their fields. */
export function hasServerFieldErrors(error: unknown): boolean {
  return isApiError(error) && Object.keys(error.fieldErrors).length > 0;
}

/** A request's refusal for the form's own error line, unless its fields already show it. */
export function formError(request: { isError: boolean; error: unknown }, shownUnderFields: boolean): string | null {
  return request.isError && !shownUnderFields ? errorMessage(request.error) : null;
}

/** A form's field errors; `clear(name)` drops a field's message when the operator types in it again. */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  function clear(name: string) {
    const field = name.split('.')[0] as F;
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }
  return { errors, setErrors, clear, hasErrors: Object.values(errors).some(Boolean) };
}
