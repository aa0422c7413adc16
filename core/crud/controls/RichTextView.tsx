import { createElement, type ReactNode } from 'react';
import { isImageLink, isSafeHref } from '../../schema/image-link';
import './richtext.css';

/**
 * Rich text shown on a page. The server cleans it on every save, and it is cleaned again here: the HTML
 * is parsed into an inert document (nothing runs, nothing loads) and rebuilt as React elements from the
 * same allow-list: formatting tags, links to http(s)/mailto (opened with rel="noopener noreferrer"),
 * pictures from our file route or http(s). No innerHTML: whatever a row holds, it cannot run.
 */

const KEPT = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'img']);
/** Tags dropped with what they hold (their text is code or a fallback, not content). */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'select', 'option', 'head']);

function parse(html: string): Document | null {
  if (typeof DOMParser === 'undefined') return null;
  return new DOMParser().parseFromString(html, 'text/html');
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes].map(toReact);
  // An unknown wrapper (a div, a span, a table cell) gives up its tag and keeps its content.
  if (!KEPT.has(tag)) return children.length ? createElement('span', { key }, ...children) : null;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'img') {
    const src = element.getAttribute('src')?.trim() ?? '';
    return isImageLink(src) ? createElement('img', { key, src, alt: element.getAttribute('alt') ?? '', loading: 'lazy' }) : null;
  }
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    return createElement('a', { key, ...(isSafeHref(href) ? { href, target: '_blank' } : {}), rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** Rich text rendered from the allow-list above. */
export function RichTextView({ html }: { html?: string | null }) {
  const doc = html ? parse(html) : null;
  return <div className="ba-richtext">{doc ? [...doc.body.childNodes].map(toReact) : null}</div>;
}

/** The text of rich text (a table cell, an export): the words alone, blocks separated by a space. */
export function richTextPlain(html: string): string {
  const doc = parse(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '));
  if (!doc) return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  for (const dropped of doc.body.querySelectorAll([...DROPPED].join(','))) dropped.remove();
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
