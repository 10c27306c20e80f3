/**
 * The markup a notice may carry (system notices and people's notifications; issue 46 item 24): bold, italic,
 * paragraphs, line breaks and links, with no style, id or class. A fixed overlay in one notice once covered
 * every signed-in screen. The server keeps only this when a notice is stored and when it is answered
 * (sanitize-html, server/http/notice-markup.ts); the browser's DOMPurify is given the same list when one is shown
 * (src/app/notification-content.tsx).
 */
export const noticeTags = ['b', 'i', 'a', 'p', 'br'] as const;
/** The one attribute kept, on links only. */
export const noticeAttributes = ['href'] as const;
/** A link goes to a web page, an email address or a page of this app; nothing else (javascript:, data:). */
export const noticeLinkPattern = /^(?:https?:\/\/|mailto:|\/(?![/\\]))[^\s"'<>\\`]*$/i;
