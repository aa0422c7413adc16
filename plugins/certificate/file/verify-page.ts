import type { LocalText } from '../../../core/sdk/server';
import { FILE_MSG } from './messages';
import type { Verification } from './verify';

type Language = 'zh' | 'en';

const TEXT = {
  title: { zh: '证书验证', en: 'Certificate check' },
  no: { zh: '证书编号', en: 'Certificate No.' },
  holder: { zh: '持证人', en: 'Holder' },
  type: { zh: '证书类型', en: 'Type' },
  date: { zh: '发证日期', en: 'Date of issue' },
  issuer: { zh: '发证单位', en: 'Issuer' },
} satisfies Record<string, LocalText>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a phone shows after scanning a certificate's code: genuine (with what the certificate says),
 * no longer valid, or not ours. Plain HTML with an inline style, every value escaped; light and dark
 * follow the phone's setting.
 */
export function verifyPage(state: { verification: Verification } | { refusal: string }, lang: Language): string {
  const v = 'verification' in state ? state.verification : null;
  const ok = !!v?.valid;
  const headline = v ? (ok ? FILE_MSG.genuine[lang] : v.reason ?? FILE_MSG.revoked[lang]) : (state as { refusal: string }).refusal;
  const rows: [LocalText, string | undefined][] = v
    ? [
        [TEXT.no, v.certificateNo],
        [TEXT.holder, v.name],
        [TEXT.type, v.type],
        [TEXT.date, v.issueDate],
        [TEXT.issuer, v.issuer],
      ]
    : [];
  const details = rows
    .filter(([, value]) => value)
    .map(([label, value]) => `<div class="row"><dt>${escapeHtml(label[lang])}</dt><dd>${escapeHtml(value!)}</dd></div>`)
    .join('');
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(TEXT.title[lang])}</title>
<style>
:root { color-scheme: light dark; --bg: #f5f1e8; --card: #fff; --ink: #23201c; --muted: #7a7167; --ok: #1f7a3a; --bad: #b42318; --line: #e6dccb; }
@media (prefers-color-scheme: dark) { :root { --bg: #17150f; --card: #23201a; --ink: #f1ece2; --muted: #a89f92; --ok: #5cc27c; --bad: #f97066; --line: #3a342a; } }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: var(--bg); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; }
main { width: min(420px, calc(100% - 32px)); background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 28px 24px; box-sizing: border-box; }
h1 { margin: 0 0 4px; font-size: 14px; font-weight: 500; color: var(--muted); }
p.verdict { margin: 0 0 20px; font-size: 22px; font-weight: 600; color: ${ok ? 'var(--ok)' : 'var(--bad)'}; }
dl { margin: 0; }
.row { display: flex; gap: 12px; padding: 10px 0; border-top: 1px solid var(--line); }
dt { flex: 0 0 96px; color: var(--muted); }
dd { margin: 0; word-break: break-all; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(TEXT.title[lang])}</h1>
<p class="verdict" role="status">${ok ? '✓ ' : '✕ '}${escapeHtml(headline)}</p>
${details ? `<dl>${details}</dl>` : ''}
</main>
</body>
</html>`;
}
