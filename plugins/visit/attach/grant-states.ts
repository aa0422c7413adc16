import type { LocalText } from '../../../core/sdk/shared';

/**
 * A visitor's access to one attachment: asked for (0), granted for some days (1), refused or revoked (2),
 * or granted once and over (3). Read by both sides: the server's state machine and the drawer's tags.
 */
export const GRANT_STATE = { requested: 0, granted: 1, refused: 2, expired: 3 } as const;
export type GrantState = (typeof GRANT_STATE)[keyof typeof GRANT_STATE];

/** A grant as the back office reads it (`get/authorizationVisit`), its state as of now on the server's clock. */
export interface Grant {
  id: string;
  attachId: string;
  attachName: string;
  fileType: string;
  staffId: string;
  visitorId: string;
  visitorNick: string;
  state: GrantState;
  days: number | null;
  requestedAt: string;
  decidedAt: string;
  decidedBy: string;
  decidedByName: string;
  expiresAt: string;
  /** Seconds until a live grant ends (null for any other state): the server's clock, not the browser's. */
  secondsLeft: number | null;
}

export const GRANT_STATE_NAMES: Readonly<Record<GrantState, LocalText>> = {
  0: { zh: '待授权', en: 'Requested' },
  1: { zh: '已授权', en: 'Granted' },
  2: { zh: '已拒绝', en: 'Refused' },
  3: { zh: '已过期', en: 'Expired' },
};

/** The tag colour of each state (Arco's palette: readable in the light and the dark theme). */
export const GRANT_STATE_COLORS: Readonly<Record<GrantState, string>> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'gray' };

/**
 * The moves the staff side may make: grant or refuse a request, grant after a refusal, revoke a grant,
 * renew an expired one. Nothing moves back to "requested": only a visitor asks.
 */
export const ALLOWED_MOVES: readonly (readonly [GrantState, GrantState])[] = [
  [0, 1],
  [0, 2],
  [2, 1],
  [1, 2],
  [3, 1],
];

export const isAllowedMove = (from: GrantState, to: GrantState) => ALLOWED_MOVES.some(([a, b]) => a === from && b === to);

export const isGrantState = (value: unknown): value is GrantState => value === 0 || value === 1 || value === 2 || value === 3;

/** How long a grant may last, in days. */
export const MIN_GRANT_DAYS = 1;
export const MAX_GRANT_DAYS = 365;

/** A visitor id as the card front end makes it: opaque, 8 to 64 letters, digits, `_` or `-`. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The file kinds an attachment may be (what the upload accepts, checked by the bytes). */
export const ATTACH_FILE_TYPES = ['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpg'] as const;
