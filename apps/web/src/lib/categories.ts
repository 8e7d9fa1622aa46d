/** The spec's game categories (section 1), in the order players look for them. */
export const CATEGORIES = ['slots', 'live', 'table', 'sports', 'lottery', 'fish', 'crash', 'arcade', 'bingo', 'card'] as const;

export type Category = (typeof CATEGORIES)[number];
