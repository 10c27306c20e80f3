/**
 * The markup a notice may carry (system notices and people's notifications; issue 46 item 24): bold, italic,
 * paragraphs, line breaks and links, with no style, id or class. A fixed overlay in one notice once covered
 * every signed-in screen. The server keeps only this when a notice is stored and when it is answered; the
 * browser's DOMPurify is given the same list when one is shown (src/app/notification-content.tsx).
 */
export const noticeTags = ['b', 'i', 'a', 'p', 'br'] as const;
/** The one attribute kept, on links only. */
export const noticeAttributes = ['href'] as const;
/** A link goes to a web page, an email address or a page of this app; nothing else (javascript:, data:). */
export const noticeLinkPattern = /^(?:https?:\/\/|mailto:|\/(?![/\\]))[^\s"'<>\\`]*$/i;

/** Elements whose content is never words to show: dropped with them. */
const droppedWithContent = new Set(['script', 'style', 'template', 'textarea', 'title', 'noscript', 'iframe', 'object', 'svg', 'math', 'xmp', 'noembed', 'noframes', 'select']);

/** An ampersand that does not start an entity (an entity stays as written: it is text, never markup). */
const bareAmpersand = /&(?!(?:[a-z][a-z\d]{1,31}|#\d{1,7}|#x[\da-f]{1,6});)/gi;
const escapeText = (text: string) => text.replace(bareAmpersand, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(bareAmpersand, '&amp;').replace(/"/g, '&quot;');

/** The href of an opening <a …> tag's attributes, when it is a link a notice may carry. */
function linkOf(attributes: string): string | null {
  const found = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
  const href = (found?.[1] ?? found?.[2] ?? found?.[3] ?? '').trim();
  return href && noticeLinkPattern.test(href) ? href : null;
}

/** One tag as it may be kept (written anew by us, with nothing of its own attributes but a link's href), or ''. */
function keptTag(closing: boolean, name: string, attributes: string): string {
  if (!(noticeTags as readonly string[]).includes(name)) return '';
  if (closing) return name === 'br' ? '' : `</${name}>`;
  if (name !== 'a') return `<${name}>`;
  const href = linkOf(attributes);
  return href ? `<a href="${escapeAttribute(href)}">` : '<a>';
}

const tagPattern = /<(\/?)([a-z][a-z\d]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/gi;

/**
 * A notice's markup with only the allowed tags, each written anew (no attribute of the original survives but a
 * link's checked href); every other `<` becomes text. Elements that are not words (script, style) go with their
 * content; any other tag goes and its words stay.
 */
export function cleanNoticeMarkup(html: string): string {
  let out = '';
  let at = 0;
  let dropping: string | null = null;
  for (const match of html.matchAll(tagPattern)) {
    const [whole, slash = '', rawName = '', attributes = ''] = match;
    const name = rawName.toLowerCase();
    if (dropping === null) out += escapeText(html.slice(at, match.index));
    at = match.index + whole.length;
    if (!rawName) continue;
    if (dropping !== null) {
      if (slash && name === dropping) dropping = null;
      continue;
    }
    if (!slash && droppedWithContent.has(name) && !/\/\s*$/.test(attributes)) {
      dropping = name;
      continue;
    }
    out += keptTag(slash === '/', name, attributes);
  }
  if (dropping === null) out += escapeText(html.slice(at));
  return out;
}
