/** What `clearOfMidnight` needs of a test server: its clock, and the way to move it. */
export interface MovableClock {
  ctx: { now: () => Date };
  advance(ms: number): void;
}

/** Longer than any test file runs, however busy the machine. */
const MARGIN_MS = 30 * 60_000;

/**
 * Keeps the server's "today" one day while a test file runs: when its clock is within half an hour of the
 * next local midnight, it is moved back half an hour. Back, never on: the seed's "today" (its demo data)
 * stays today. Call it before signing in: a token is not valid before the instant it was signed.
 */
export function clearOfMidnight(server: MovableClock): void {
  const now = server.ctx.now();
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  if (midnight - now.getTime() < MARGIN_MS) server.advance(-MARGIN_MS);
}
