import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | undefined;
/**
 * DOMPurify loads with the first notice shown, not with the shell: most sessions show none, and the shell's first
 * paint is the budget every start pays. Should its chunk fail to load, the notice keeps its words without markup.
 */
const loadSanitizer = (): Promise<Sanitize> => (sanitizer ??= import('dompurify').then(
  ({ default: purify }) => (html: string) => purify.sanitize(html, { USE_PROFILES: { html: true } }),
  (error: unknown) => {
    sanitizer = undefined;
    console.warn('The notice sanitiser did not load', error);
    return (html: string) => escapedText(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
  },
));

const escapedText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Notification content is markup from the server: sanitised before it is shown, so no script can run. */
export function NotificationContent({ html }: { html: string }) {
  const [shown, setShown] = useState<{ html: string; clean: string } | null>(null);
  useEffect(() => {
    let current = true;
    void loadSanitizer().then((sanitize) => { if (current) setShown({ html, clean: sanitize(html) }); });
    return () => { current = false; };
  }, [html]);
  return <Text size="sm" dangerouslySetInnerHTML={{ __html: shown?.html === html ? shown.clean : '' }} />;
}
