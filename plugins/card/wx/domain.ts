import type { ServerContext, Tx } from '../../../core/sdk/server';

/**
 * Where a tenant's staff cards are served (`<domain>/card?t=…`): the tenant's parameter `card.domain`,
 * else the server's `CARD_DOMAIN`, else the product's own. Read each time (one indexed row): a changed
 * parameter holds at once.
 */
export const CARD_DOMAIN_PARAMETER = 'card.domain';
export const DEFAULT_CARD_DOMAIN = 'https://card.example.com';

/** An http(s) origin (and path) without the trailing slash, or undefined for anything else. */
function cleanDomain(value: string | undefined): string | undefined {
  const trimmed = value?.trim().replace(/\/+$/, '');
  return trimmed && /^https?:\/\/[^\s/?#]+[^\s?#]*$/.test(trimmed) ? trimmed : undefined;
}

export async function cardDomain(ctx: Pick<ServerContext, 'extensions'>, tx: Tx, tenantId: string): Promise<string> {
  const parameters = await ctx.extensions.parameters?.(tx, tenantId, [CARD_DOMAIN_PARAMETER]);
  return cleanDomain(parameters?.get(CARD_DOMAIN_PARAMETER)) ?? cleanDomain(process.env.CARD_DOMAIN) ?? DEFAULT_CARD_DOMAIN;
}
