import type { TFunction } from '../../lib/translation.ts';
import type { ActivityCheck } from './promotions.api.ts';

/**
 * The turnover sentence of an activity's rules: with the operator's multiple once the member's
 * check has answered, otherwise the general rule (visitors cannot call the check).
 */
export function wageringRule(t: TFunction<'promo'>, check: ActivityCheck | undefined): string {
  if (check && check.wagering_multiple > 0) return t('rules.wagering', { multiple: check.wagering_multiple });
  return t('rules.wagering_generic');
}

/** The VIP gate sentence, only when the operator set one. */
export function vipRule(t: TFunction<'promo'>, check: ActivityCheck | undefined): string[] {
  return check && check.min_vip_level > 0 ? [t('rules.vip', { level: check.min_vip_level })] : [];
}
