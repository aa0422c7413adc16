import sanitizeHtml from 'sanitize-html';
import { isImageLink, isSafeHref } from '../schema/image-link';

/**
 * Rich text as the server keeps it: the few tags an editor of formatted text makes, and nothing that runs
 * or restyles a page. Every save through the engine passes here, whatever the caller sent, so a page that
 * renders a stored value renders only this.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Script and style bodies go with their tags; an iframe or object is dropped, its fallback text kept.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      return {
        tagName,
        attribs: {
          ...(href && isSafeHref(href) ? { href } : {}),
          ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
          // A page opened from a link never gets a handle on ours.
          rel: 'noopener noreferrer',
        },
      };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim();
      return { tagName, attribs: { ...(src && isImageLink(src) ? { src } : {}), ...(attribs.alt ? { alt: attribs.alt } : {}) } };
    },
  },
  // A picture whose source was refused is no picture.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The HTML cleaned to the allowed tags and attributes (see above); hand-written routes call it before storing. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Does cleaned HTML show anything (text or a picture)? An editor left empty sends `<p></p>`. */
export function richTextIsEmpty(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
