/**
 * One Intl.NumberFormat per locale for a given set of options: building a formatter costs far
 * more than formatting with it, and a page formats dozens of amounts, rates and multipliers while
 * it renders. `formatterFor(options)` answers a function that gives the locale's formatter, built
 * on its first use.
 */
export function formatterFor(options: Intl.NumberFormatOptions): (locale: string) => Intl.NumberFormat {
  const byLocale = new Map<string, Intl.NumberFormat>();
  return (locale) => {
    let formatter = byLocale.get(locale);
    if (!formatter) {
      formatter = new Intl.NumberFormat(locale, options);
      byLocale.set(locale, formatter);
    }
    return formatter;
  };
}
