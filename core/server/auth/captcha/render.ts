import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font';
import { encodePng } from './png';

/** BladeX `SpecCaptcha(130, 48, 5)`: 130×48, five characters. */
export const WIDTH = 130;
export const HEIGHT = 48;
export const LENGTH = 5;
const SCALE_X = 4;
const SCALE_Y = 4;
const GAP = 4;

type Rgb = [number, number, number];

export function randomCode(length = LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

class Canvas {
  readonly pixels = new Uint8Array(WIDTH * HEIGHT * 3);

  fill([r, g, b]: Rgb) {
    for (let i = 0; i < this.pixels.length; i += 3) this.pixels.set([r, g, b], i);
  }

  dot(x: number, y: number, color: Rgb) {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    this.pixels.set(color, (y * WIDTH + x) * 3);
  }

  /** Bresenham. */
  line(x0: number, y0: number, x1: number, y1: number, color: Rgb) {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1;
    const sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    for (;;) {
      this.dot(x0, y0, color);
      if (x0 === x1 && y0 === y1) return;
      const e2 = 2 * err;
      if (e2 >= dy) { err += dy; x0 += sx; }
      if (e2 <= dx) { err += dx; y0 += sy; }
    }
  }
}

const light = (): Rgb => [randomInt(232, 256), randomInt(232, 256), randomInt(232, 256)];
const mid = (): Rgb => [randomInt(110, 200), randomInt(110, 200), randomInt(110, 200)];
const dark = (): Rgb => [randomInt(10, 110), randomInt(10, 110), randomInt(10, 110)];

/**
 * Draws the code: each character scaled up, shifted and sheared at random, in its own dark colour, over
 * speckles, with noise lines across. Readable by a person, not by a naive OCR of a clean font.
 */
export function renderCaptcha(code: string): Buffer {
  const canvas = new Canvas();
  canvas.fill(light());
  for (let i = 0; i < 140; i++) canvas.dot(randomInt(WIDTH), randomInt(HEIGHT), mid());
  for (let i = 0; i < 3; i++) canvas.line(randomInt(WIDTH), randomInt(HEIGHT), randomInt(WIDTH), randomInt(HEIGHT), mid());

  const glyphWidth = GLYPH_WIDTH * SCALE_X;
  const glyphHeight = GLYPH_HEIGHT * SCALE_Y;
  const left = Math.floor((WIDTH - code.length * glyphWidth - (code.length - 1) * GAP) / 2);
  [...code].forEach((char, index) => {
    const color = dark();
    const x0 = left + index * (glyphWidth + GAP) + randomInt(-2, 3);
    const y0 = randomInt(4, HEIGHT - glyphHeight - 3);
    const shear = randomInt(-30, 31) / 100; // pixels of horizontal shift per pixel of height
    glyph(char).forEach((row, gy) =>
      row.forEach((ink, gx) => {
        if (!ink) return;
        for (let py = 0; py < SCALE_Y; py++) {
          const y = gy * SCALE_Y + py;
          const dx = Math.round(shear * (y - glyphHeight / 2));
          for (let px = 0; px < SCALE_X; px++) canvas.dot(x0 + gx * SCALE_X + px + dx, y0 + y, color);
        }
      }),
    );
  });
  for (let i = 0; i < 2; i++) canvas.line(randomInt(Math.floor(WIDTH / 3)), randomInt(HEIGHT), randomInt(Math.floor((2 * WIDTH) / 3), WIDTH), randomInt(HEIGHT), dark());
  return encodePng(WIDTH, HEIGHT, canvas.pixels);
}
