import { Text } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Notification content is markup from the server: sanitised before it is shown, so no script can run. */
export function NotificationContent({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <Text size="sm" dangerouslySetInnerHTML={{ __html: clean }} />;
}
