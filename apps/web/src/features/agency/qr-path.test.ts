import { create } from 'qrcode';
import { describe, expect, test } from 'vitest';
import { modulesPath } from './qr-path.ts';

/** Paints the path's rectangles back onto a grid, the way a renderer fills them. */
function paint(size: number, path: string): number[] {
  const grid = new Array<number>(size * size).fill(0);
  for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    const [col, row, width, back] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    expect(back).toBe(width);
    for (let c = col; c < col + width; c++) {
      expect(grid[row * size + c], `module ${row},${c} painted twice`).toBe(0);
      grid[row * size + c] = 1;
    }
  }
  return grid;
}

describe('modulesPath', () => {
  test('paints exactly the dark modules of a real invite-link symbol', () => {
    const { modules } = create('https://aurora.bet/?invite_code=Q6JLCPDY', { errorCorrectionLevel: 'M' });
    const path = modulesPath(modules.size, modules.data);
    expect(paint(modules.size, path)).toEqual(Array.from(modules.data, (bit) => (bit ? 1 : 0)));
  });

  test('merges a row of dark modules into one rectangle and leaves light rows empty', () => {
    expect(modulesPath(3, [1, 1, 1, 0, 0, 0, 1, 0, 1])).toBe('M0 0h3v1h-3zM0 2h1v1h-1zM2 2h1v1h-1z');
  });
});
