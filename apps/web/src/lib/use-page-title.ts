import { useEffect } from 'react';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Aurora Bet` : 'Aurora Bet';
  }, [title]);
}
