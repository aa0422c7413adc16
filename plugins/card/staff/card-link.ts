import type { ServerContext } from '../../../core/sdk/server';

export { cardDomain } from '../wx/domain';

/**
 * The address of a staff member's card: `<card domain>/card?t=<token>`. The token is signed for the
 * purpose `card` over `<tenant>:<staff id>`, so the card front end learns whose card it is and in which
 * tenant without a guessable id, and nobody can make a link to a card that was not handed out. The card
 * domain is the tenant's (`cardDomain`, the one `/api/wx/get/domian` answers).
 */
export const CARD_TOKEN_PURPOSE = 'card';

/** A staff member's card address on `domain`. */
export function cardUrl(ctx: Pick<ServerContext, 'tokens'>, domain: string, tenantId: string, staffId: string): string {
  return `${domain}/card?t=${ctx.tokens.signFor(CARD_TOKEN_PURPOSE, `${tenantId}:${staffId}`)}`;
}
