import { Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { noticeAttributes, noticeLinkPattern, noticeTags } from '../domain/messages/notice-markup.ts';

type Sanitize = (html: string) => string;
/** The sanitiser once loaded: every notice after the first is sanitised as it renders. */
let sanitize: Sanitize | undefined;
let loading: Promise<void> | undefined;
/**
 * DOMPurify loads with the first notice shown, not with the shell: most sessions show none, and the shell's first
 * paint is the budget every start pays. A chunk that fails to load is asked for again by the next notice.
 */
const loadSanitizer = (): Promise<void> =>
  (loading ??= import('dompurify').then(
    ({ default: purify }) => {
      // The server keeps only this markup too; a notice stored before it did (a fixed overlay) is cleaned here.
      sanitize = (html) =>
        purify.sanitize(html, {
          ALLOWED_TAGS: [...noticeTags],
          ALLOWED_ATTR: [...noticeAttributes],
          ALLOWED_URI_REGEXP: noticeLinkPattern,
        });
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** The words of a notice, without its markup: shown when the sanitiser cannot load. */
function wordsOf(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const hidden of body.querySelectorAll('script, style, template')) hidden.remove();
  return body.textContent ?? '';
}

/** Notification content is markup from the server: sanitised before it is shown, so no script can run. */
export function NotificationContent({ html }: { html: string }) {
  const [ready, setReady] = useState<boolean | 'failed'>(sanitize !== undefined);
  useEffect(() => {
    if (ready === true) return;
    let current = true;
    loadSanitizer().then(
      () => {
        if (current) setReady(true);
      },
      () => {
        if (current) setReady('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [ready]);
  const clean = useMemo(() => (ready === true && sanitize ? sanitize(html) : null), [ready, html]);
  if (ready === 'failed') return <Text size="sm">{wordsOf(html)}</Text>;
  return <Text size="sm" dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
