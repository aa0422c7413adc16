import type { ServerContext, Tx } from '../../../core/sdk/server';

/**
 * The address of a staff member's card: `<card domain>/card?t=<token>`. The token is signed for the
 * purpose `card` over `<tenant>:<staff id>`, so the card front end learns whose card it is and in which
 * tenant without a guessable id, and nobody can make a link to a card that was not handed out. The card
 * domain is the tenant's parameter `card.domain`; without one, the server's `CARD_DOMAIN`; else a
 * placeholder domain that makes the missing setting plain to see.
 */

export const CARD_TOKEN_PURPOSE = 'card';
export const CARD_DOMAIN_PARAMETER = 'card.domain';
const PLACEHOLDER_DOMAIN = 'https://card.example.com';

/** The tenant's card domain, without a trailing slash. */
export async function cardDomain(ctx: Pick<ServerContext, 'extensions'>, tx: Tx, tenantId: string): Promise<string> {
  const stored = (await ctx.extensions.parameters?.(tx, tenantId, [CARD_DOMAIN_PARAMETER]))?.get(CARD_DOMAIN_PARAMETER)?.trim();
  return (stored || process.env.CARD_DOMAIN?.trim() || PLACEHOLDER_DOMAIN).replace(/\/+$/, '');
}

/** A staff member's card address on `domain`. */
export function cardUrl(ctx: Pick<ServerContext, 'tokens'>, domain: string, tenantId: string, staffId: string): string {
  return `${domain}/card?t=${ctx.tokens.signFor(CARD_TOKEN_PURPOSE, `${tenantId}:${staffId}`)}`;
}
