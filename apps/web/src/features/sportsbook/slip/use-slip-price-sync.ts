import { useEffect } from 'react';
import { syncSlipPrices } from './slip-store.ts';

type PricedMarket = { status: string; selections: readonly { id: number; odds: string }[] };

/** Keeps the slip's prices in step with the markets a page just read (call it with the query's data). */
export function useSlipPriceSync(markets: readonly PricedMarket[] | undefined): void {
  useEffect(() => {
    if (markets) syncSlipPrices(markets);
  }, [markets]);
}
