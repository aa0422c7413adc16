import type { ServerParts } from '../../../core/sdk/server';
import { articleHooks } from './rules';
import { seedArticles } from './seed';

/** Genius articles on the server: the engine's endpoints (rich text cleaned by it) with the article rules, and the demo articles. */
export const articleServer: ServerParts = {
  resources: { genius_info: (ctx) => ({ hooks: articleHooks(ctx) }) },
  seed: seedArticles,
};
