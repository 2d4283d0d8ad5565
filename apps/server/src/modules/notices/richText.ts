import sanitizeHtml from 'sanitize-html';

// What the editor produces and the centre shows: text formatting, lists, links, headings, images
// from http(s) or our own addresses. Everything else — scripts, styles, event attributes, frames,
// forms, javascript: addresses — is removed.
const ALLOW: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'div',
    'hr',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    // an image from an absolute http(s) address or one of ours (/...); a relative oddity such as
    // "`javascript:…" (an OWASP evasion) loads nothing useful, so it loses its src
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _dropped, ...rest } = attribs;
      return { tagName, attribs: /^(https?:\/\/|\/(?!\/))/i.test(src) ? { ...rest, src } : rest };
    },
  },
};

/** Rich text reduced to the allow-list. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, ALLOW).trim();

/** The same text without markup, block ends as line breaks (lists, previews, the centre's plain view). */
export function plainTextOf(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h[1-4]|li|blockquote|tr|pre)>/gi, '$&\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
