import { z } from 'zod';

/**
 * Installs catalogue keys as zod's default messages, so every validation failure (server or
 * form) carries a key of the `server` namespace that the reader's language translates. Messages
 * set on a schema (`{ error: 'validation.password_min' }`) take precedence.
 */
export function installZodMessageKeys(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.wrong_type';
        case 'too_big':
          return issue.origin === 'string' || issue.origin === 'array' ? 'validation.too_long' : 'validation.invalid';
        case 'too_small':
          if (issue.origin === 'string' && issue.input === '') return 'validation.required';
          return issue.origin === 'string' ? 'validation.too_short' : 'validation.invalid';
        case 'unrecognized_keys':
          return 'validation.unknown_field';
        case 'invalid_union':
        case 'invalid_value':
        case 'invalid_format':
          return 'validation.invalid';
        default:
          return 'validation.invalid';
      }
    },
  });
}

/** Field name of an issue: "password_confirmation", "items.0.name"; "_" for the whole input. */
export function issueField(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '_' : path.map(String).join('.');
}
