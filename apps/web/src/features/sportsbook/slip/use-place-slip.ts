import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { refreshUser } from '../../../lib/user.ts';
import { errorCode, placeBets, priceChangesOf, sportsKeys } from '../sports.api.ts';
import { useSportsTranslation } from '../sports-i18n.ts';
import { newRequestId, planSlip } from './slip-maths.ts';
import { applyPriceChanges, clear, getSlip, removeSelection } from './slip-store.ts';

/** A refusal the server decided (4xx) will answer the same to a retry; a lost answer may not have been. */
const isDefinite = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * Places the slip: one call per distinct single stake or one accumulator, each with its own
 * request_id. The id is kept for the same content until the server answers for sure, so a retry
 * after a lost answer cannot place twice. A 409 SPORTS_ODDS_CHANGED updates the slip's prices and
 * marks them; other refusals show the server's message.
 */
export function usePlaceSlip() {
  const { t } = useSportsTranslation();
  const queryClient = useQueryClient();
  const requestIds = useRef(new Map<string, string>());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [oddsMoved, setOddsMoved] = useState(false);

  const afterPlaced = (count: number) => {
    toast.success(count > 1 ? t('slip.placed_many', { count }) : t('slip.placed'));
    void refreshUser();
    void queryClient.invalidateQueries({ queryKey: sportsKeys.myBets });
  };

  const refused = (failure: unknown) => {
    if (isSessionError(failure)) return;
    if (errorCode(failure) === 'SPORTS_ODDS_CHANGED') {
      applyPriceChanges(priceChangesOf(failure));
      setOddsMoved(true);
    } else {
      setError(errorMessage(failure));
    }
    // Prices, suspensions or a finished match: the lists should show what the server holds now.
    void queryClient.invalidateQueries({ queryKey: sportsKeys.all, predicate: (q) => q.queryKey[1] !== 'bets' });
  };

  const place = async () => {
    const plan = planSlip(getSlip());
    setError(null);
    if (!plan.ok) {
      setError(t(`slip.${plan.reason}`));
      return;
    }
    setOddsMoved(false);
    setBusy(true);
    let placed = 0;
    try {
      for (const placement of plan.placements) {
        const signature = JSON.stringify(placement);
        const requestId = requestIds.current.get(signature) ?? newRequestId();
        requestIds.current.set(signature, requestId);
        try {
          const answer = await placeBets({ request_id: requestId, ...placement });
          requestIds.current.delete(signature);
          placed += answer.bets.length;
          for (const leg of placement.selections) removeSelection(leg.selection_id);
        } catch (failure) {
          if (isDefinite(failure)) requestIds.current.delete(signature);
          refused(failure);
          break;
        }
      }
    } finally {
      setBusy(false);
      if (placed > 0) {
        if (getSlip().selections.length === 0) clear();
        afterPlaced(placed);
      }
    }
  };

  return { place, busy, error, oddsMoved, dismissError: () => setError(null) };
}
