import sanitizeHtml from 'sanitize-html';
import { noticeAttributes, noticeLinkPattern, noticeTags } from '../../src/domain/messages/notice-markup.ts';

/** Elements whose content is never words to show: dropped with them (sanitize-html keeps other tags' words). */
const droppedWithContent = [
  'script',
  'style',
  'template',
  'textarea',
  'title',
  'noscript',
  'iframe',
  'object',
  'svg',
  'math',
  'xmp',
  'noembed',
  'noframes',
  'select',
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...noticeTags],
  allowedAttributes: { a: [...noticeAttributes] },
  // The link rule is ours (src/domain/messages/notice-markup.ts); the scheme list below only stops sanitize-html's own
  // default from letting something else through. A link that fails the rule keeps its words and loses its href.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  nonTextTags: droppedWithContent,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const kept: sanitizeHtml.Attributes = noticeLinkPattern.test(href) ? { href } : {};
      return { tagName, attribs: kept };
    },
  },
};

/**
 * A notice's markup with only the allowed tags and a checked link (issue 46 item 24): kept when a notice is
 * stored and again when it is answered, so one stored before the rule (a fixed overlay) is cleaned too.
 */
export function cleanNoticeMarkup(html: string): string {
  return sanitizeHtml(html, options);
}
