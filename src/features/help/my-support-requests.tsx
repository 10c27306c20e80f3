import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { storeFormatters } from '../../app/store-time.ts';
import type { SupportRequest } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';

/** Where each message stands: sent, waiting in the outbox, or refused by the server (with its reason). */
function stateOf(entry: OutboxEntry | undefined) {
  if (!entry)
    return (
      <Badge color="secondary" variant="light">
        Sent
      </Badge>
    );
  if (entry.status === 'pending')
    return (
      <Badge color="gray" variant="light">
        Waiting to send
      </Badge>
    );
  return (
    <Badge color="error" variant="light" title={entry.problem?.detail ?? entry.problem?.title}>
      Not sent
    </Badge>
  );
}

/** The user's own messages to support, from the replica (so they show offline, also the unsent ones). */
export function MySupportRequests({ store }: { store: StoreLocation }) {
  const storeId = store.id;
  const data = useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [requests, outbox] = await Promise.all([
      db.rows<SupportRequest>('supportRequests').toArray(),
      db.outbox.where('entity').startsWith('supportRequests/').toArray(),
    ]);
    requests.sort((a, b) => b.dateSubmitted.localeCompare(a.dateSubmitted));
    return { requests, outbox: new Map(outbox.map((e) => [e.key, e])) };
  }, [storeId]);
  if (!data || data.requests.length === 0) return null;
  const { dateTime } = storeFormatters(store);

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Your messages to support
      </Title>
      {data.requests.map((r) => (
        <Card key={r.supportRequestId} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{r.subject}</Text>
            {stateOf(data.outbox.get(r.supportRequestId))}
          </Group>
          <Text size="xs" c="dimmed">
            {dateTime(r.dateSubmitted)}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
            {r.message}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
