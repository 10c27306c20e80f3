import { describe, expect, it } from 'vitest';
import { cleanNoticeMarkup } from '../../server/http/notice-markup.ts';
import { noticeLinkPattern } from '../../src/domain/messages/notice-markup.ts';

describe("a notice's markup, as it is stored and shown", () => {
  it.each([
    [
      'keeps bold, italic, paragraphs and line breaks, written anew',
      '<P class="x">Down <B id="y">tonight</B><br/><i style="color:red">22:00</i></P>',
      '<p>Down <b>tonight</b><br /><i>22:00</i></p>',
    ],
    ["drops a fixed overlay's style with the element, keeping its words", '<div style="position:fixed;inset:0;z-index:9999">Maintenance</div>', 'Maintenance'],
    [
      'keeps a link to a web page, an email address or a page of the app, and nothing else of it',
      '<a href="https://status.example.com/x?a=1&amp;b=2" target="_blank" style="x" onclick="y">status</a> <a href=\'mailto:help@example.com\'>mail</a> <a href=/help>help</a>',
      '<a href="https://status.example.com/x?a=1&amp;b=2">status</a> <a href="mailto:help@example.com">mail</a> <a href="/help">help</a>',
    ],
    [
      "keeps a link's words but not an address that runs code or leaves for another host unseen",
      '<a href="javascript:alert(1)">a</a><a href="java&#x73;cript:x">b</a><a href="//evil.example">c</a><a href="data:text/html,x">d</a>',
      '<a>a</a><a>b</a><a>c</a><a>d</a>',
    ],
    [
      'drops scripts, styles and frames with their content',
      'Hi<script>alert(1)</script><style>*{display:none}</style><svg><script>x</script></svg><iframe src="x">y</iframe> there',
      'Hi there',
    ],
    ['drops images, handlers and comments', 'a<img src=x onerror="alert(1)">b<!-- hidden -->c<!-- never closed', 'abc'],
    ['turns a stray angle bracket into text, and drops a tag left unfinished', '3 < 4 and 5 > 2, <b', '3 &lt; 4 and 5 &gt; 2, '],
    ['keeps entities, and escapes an ampersand that is not one', 'Fish &amp; chips &lt;b&gt; & more', 'Fish &amp; chips &lt;b&gt; &amp; more'],
    ['drops a closing tag of what it keeps nothing of, and reads </br> as a break as browsers do', '</div>Line</br>', 'Line<br />'],
  ])('%s', (_what, html, clean) => {
    expect(cleanNoticeMarkup(html)).toBe(clean);
  });

  it('is unchanged when cleaned again', () => {
    const once = cleanNoticeMarkup('<p style="x">A <a href="https://x.example/?q=1&r=2">link</a> &amp; 3 < 4</p><script>y</script>');
    expect(cleanNoticeMarkup(once)).toBe(once);
  });

  it.each(['https://example.com', 'http://example.com/a', 'mailto:a@b.example', '/settings'])('takes %s as a link', (href) => {
    expect(noticeLinkPattern.test(href)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'vbscript:x', 'data:text/html,x', '//evil.example', '/\\evil.example', 'https://a.example/"onmouseover=x', 'ftp://x'])(
    'refuses %s as a link',
    (href) => {
      expect(noticeLinkPattern.test(href)).toBe(false);
    },
  );
});
