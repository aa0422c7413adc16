import type { LocalText } from '../../../core/sdk/shared';

/** What the generator cannot write, said to the author in their language (answered as a 400, never a half zip). */
export class GenRefusal extends Error {
  readonly reason: LocalText;

  constructor(reason: LocalText) {
    super(reason.en);
    this.name = 'GenRefusal';
    this.reason = reason;
  }
}
