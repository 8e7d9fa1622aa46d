/**
 * The dark modules of a QR symbol as one SVG path: each horizontal run of dark modules in a row is
 * one rectangle, so a 33x33 symbol is a few hundred short commands instead of a thousand rects.
 * `data` is the symbol row by row (1 dark, 0 light), as the `qrcode` library's BitMatrix holds it.
 */
export function modulesPath(size: number, data: ArrayLike<number>): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}
