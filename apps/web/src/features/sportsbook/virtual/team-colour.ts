const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A team colour from the API as a CSS colour; anything but a plain hex colour reads as neutral grey. */
export function teamColour(colour: string): string {
  return HEX_COLOUR.test(colour) ? colour : '#8d97b5';
}
