/**
 * Money is kept, computed and sent as whole fen (1 yuan = 100 fen): sums and refunds never meet a
 * floating-point rounding. People read and type yuan with at most two decimals; these two functions are
 * the only places the two meet, and they work on the digits, not on a float.
 */

export const FEN_PER_YUAN = 100;

/** The largest amount a money field takes: 100 million yuan, well inside a safe integer. */
export const MAX_FEN = 10_000_000_000;

const YUAN = /^(-)?(\d{1,12})(?:\.(\d{0,2}))?$/;

/**
 * Fen from yuan as typed ("12", "12.3", "12.30", "-0.5", "1,234.56"): null when it is not an amount with
 * at most two decimals (no rounding: "12.345" is refused, not made 12.35).
 */
export function parseYuan(text: string): number | null {
  const match = YUAN.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, minus, whole, decimals = ''] = match;
  const fen = Number(whole) * FEN_PER_YUAN + Number(decimals.padEnd(2, '0'));
  return minus && fen !== 0 ? -fen : fen;
}

/** Yuan with two decimals and thousands separators: `formatYuan(123456)` is "1,234.56"; with the sign, "¥1,234.56". */
export function formatYuan(fen: number, options: { symbol?: boolean } = {}): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const whole = Math.floor(abs / FEN_PER_YUAN).toLocaleString('en-US');
  const cents = String(abs % FEN_PER_YUAN).padStart(2, '0');
  return `${negative ? '-' : ''}${options.symbol ? '¥' : ''}${whole}.${cents}`;
}
