import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { deviceFormatters } from '../../app/store-time.ts';
import type { SupportRequestListItem } from '../../contract/entities.ts';
import { syncClient } from '../../sync/sync-client.ts';

const pageSize = 20;

type Loaded = { items: SupportRequestListItem[]; count: number };

/** Every store's messages to support, newest first, for PointSAdmin users; read from the server. */
export function SupportInbox() {
  const [request, setRequest] = useState({ page: 0, attempt: 0 });
  const [shown, setShown] = useState<{ page: number; data: Loaded } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const go = (pageIndex: number) => {
    setLoading(true);
    setError(null);
    setRequest((r) => ({ page: pageIndex, attempt: r.attempt + 1 }));
  };
  useEffect(() => {
    let current = true;
    syncClient()
      .listSupportRequests({ top: pageSize, skip: request.page * pageSize })
      .then(
        (data) => {
          if (current) setShown({ page: request.page, data });
        },
        (failure: unknown) => {
          if (current) setError((failure as Error).message);
        },
      )
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [request]);

  const data = shown?.data ?? null;
  const page = shown?.page ?? 0;
  const pages = data ? Math.max(1, Math.ceil(data.count / pageSize)) : 1;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Messages from stores
        </Title>
        <Button variant="subtle" size="xs" onClick={() => go(page)} loading={loading}>
          Refresh
        </Button>
      </Group>
      {error && (
        <Alert color="error" title="The messages could not be loaded">
          {error}
        </Alert>
      )}
      {!data && loading && <Text c="dimmed">Loading…</Text>}
      {data && data.items.length === 0 && <Text c="dimmed">No messages to support yet.</Text>}
      {data?.items.map((r) => (
        <Card key={r.supportRequestId} withBorder padding="sm" component="article" aria-label={r.subject}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{r.subject}</Text>
            <Text size="xs" c="dimmed">
              {deviceFormatters().dateTime(r.dateSubmitted)}
            </Text>
          </Group>
          <Text size="sm">
            {r.senderName} · <Anchor href={`mailto:${r.senderEmail}?subject=${encodeURIComponent(`Re: ${r.subject}`)}`}>{r.senderEmail}</Anchor>
            {r.callbackPhone && (
              <>
                {' '}
                · <Anchor href={`tel:${r.callbackPhone.replace(/[^\d+]/g, '')}`}>{r.callbackPhone}</Anchor>
              </>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {r.companyName}
            {r.storeName ? ` · ${r.storeName} #${r.storeNumber}` : ''}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {r.message}
          </Text>
        </Card>
      ))}
      {data && pages > 1 && (
        <Group>
          <Button variant="light" size="xs" disabled={page === 0 || loading} onClick={() => go(page - 1)}>
            Newer
          </Button>
          <Text size="sm">
            Page {page + 1} of {pages}
          </Text>
          <Button variant="light" size="xs" disabled={page + 1 >= pages || loading} onClick={() => go(page + 1)}>
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
