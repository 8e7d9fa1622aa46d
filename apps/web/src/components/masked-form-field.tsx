import type { MaskOptions } from '@react-input/mask';
import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMaskedRegistration } from '../lib/input-masks.ts';
import { FormField } from './form-field.tsx';

type MaskedFormFieldProps = Omit<ComponentProps<typeof FormField>, 'ref' | 'name' | 'onChange' | 'onBlur'> & {
  /** The field's react-hook-form registration (`form.register('phone')`). */
  registration: UseFormRegisterReturn;
  /** CPF_MASK or MOBILE_MASK from lib/input-masks.ts. */
  mask: MaskOptions;
};

/** A form field that formats its value as it is typed (a CPF, a mobile number). */
export function MaskedFormField({ registration, mask, ...props }: MaskedFormFieldProps) {
  const masked = useMaskedRegistration(registration, mask);
  return <FormField {...props} {...masked} />;
}
