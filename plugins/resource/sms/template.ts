/**
 * A message template's text with `${name}` variables (`您的验证码为${code}，5分钟内有效。`), read by both
 * sides: the server renders what the sandbox sends and checks that a sender's parameters cover the
 * variables; the test dialog offers one input per variable.
 */

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g;

/** The template's variables, each once, in the order they first appear. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]))];
}

/** The text with each variable replaced by its parameter (a variable without one is left as written). */
export function renderTemplate(text: string, params: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => (Object.hasOwn(params, name) ? params[name] : whole));
}
