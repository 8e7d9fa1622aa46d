import { type MaskOptions, type Track, useMask } from '@react-input/mask';
import { type RefCallback, useCallback, useRef } from 'react';

/**
 * Input masks for Brazilian numbers (@react-input/mask keeps the caret, pastes and deletions
 * right): a CPF reads 000.000.000-00 and a mobile (00) 00000-0000 as it is typed. Only what the
 * player sees is formatted: the shared schemas and PIX helpers strip the punctuation, so the
 * server receives what it always did (11 CPF digits, a +55 mobile).
 */

const DIGIT = { _: /\d/ };

export const CPF_MASK = { mask: '___.___.___-__', replacement: DIGIT } satisfies MaskOptions;

/**
 * The national digits of a number pasted or autofilled with the country code ("+55 11 91234-5678",
 * "5511912345678"); anything else as it came. A typed "55" stays: it is a DDD (Rio Grande do Sul).
 */
export function nationalDigits(data: string): string {
  const digits = data.replace(/\D/g, '');
  return digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : data;
}

const trackMobile: Track = ({ inputType, data }) => (inputType === 'insert' ? nationalDigits(data) : data);

export const MOBILE_MASK = { mask: '(__) _____-____', replacement: DIGIT, track: trackMobile } satisfies MaskOptions;

/**
 * A react-hook-form registration whose input shows `options`' mask: the form still reads the
 * input's value (formatted), and its schema strips the punctuation before anything is sent.
 */
export function useMaskedRegistration<R extends { ref: RefCallback<HTMLInputElement> }>(registration: R, options: MaskOptions): R {
  const maskRef = useMask(options);
  const formRef = useRef(registration.ref);
  formRef.current = registration.ref;
  const ref = useCallback(
    (element: HTMLInputElement | null) => {
      formRef.current(element);
      // The mask's ref registers the element when it is set (and lets it go on null).
      (maskRef as { current: HTMLInputElement | null }).current = element;
    },
    [maskRef],
  );
  return { ...registration, ref };
}
