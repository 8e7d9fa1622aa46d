/**
 * Identity rules shared by registration on the regulated profile and the identity check (KYC):
 * how two names are compared and how old a person is.
 */

/** The age from which betting is allowed (Lei 14.790/2023, art. 26). */
export const ADULT_AGE = 18;

/** A name as the registry comparison sees it: no accents, no case, punctuation and spacing folded. */
export function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whole years from `birthDate` to `today` (both YYYY-MM-DD): a birthday counts from its own day. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
