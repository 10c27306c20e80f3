import { Badge, Box, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { Outlet, useChildMatches, useNavigate, useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import type { StoreMessage } from '../../contract/entities.ts';
import { inquiryTypes, messageDeliveryMethods } from '../../contract/enums.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { isDone, messageRowColor } from '../../domain/quick-reply.ts';

type Filter = 'new' | 'replied' | 'archived' | 'all';

const rowColors = {
  'blue-grey': { bg: 'var(--mantine-color-gray-light)', bar: 'var(--mantine-color-gray-5)' },
  green: { bg: 'var(--mantine-color-green-light)', bar: 'var(--mantine-color-green-7)' },
  blue: { bg: 'var(--mantine-color-blue-light)', bar: 'var(--mantine-color-blue-7)' },
} as const;

const matches = (m: StoreMessage, filter: Filter) =>
  filter === 'all' || (filter === 'new' && !isDone(m)) || (filter === 'replied' && m.repliedToByUserId !== null) || (filter === 'archived' && m.isArchived);

/**
 * The store's incoming messages (route /messages): newest first or by name, filtered by state and by how
 * they came; a row opens its thread beside the list (customer-messages).
 */
export function MessagesPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const navigate = useNavigate();
  const thread = useChildMatches().length > 0;
  const { messageId } = useParams({ strict: false }) as { messageId?: string };
  const [filter, setFilter] = useState<Filter>('new');
  const [method, setMethod] = useState<string | null>(null);
  const [order, setOrder] = useState<'date' | 'name'>('date');
  const [search, setSearch] = useState('');
  const incoming = useLiveQuery(async () => (store ? (await replicaOf(store.id).rows<StoreMessage>('storeMessages').toArray()).filter((m) => m.messageDirection === 'Inbound') : []), [store?.id]);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    const list = (incoming ?? []).filter((m) => matches(m, filter) && (!method || m.messageDeliveryMethod === method)
      && (!words || `${m.name ?? ''} ${m.content}`.toLowerCase().includes(words)));
    return order === 'date'
      ? list.sort((a, b) => b.sentOn.localeCompare(a.sentOn))
      : list.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || b.sentOn.localeCompare(a.sentOn));
  }, [incoming, filter, method, order, search]);
  if (!store) return null;
  const formats = storeFormatters(store);
  const unread = (incoming ?? []).filter((m) => !isDone(m)).length;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">Messages</Title>
        <Badge color={unread > 0 ? 'red' : 'gray'} variant="light">{unread} new</Badge>
      </Group>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl value={filter} onChange={(v) => setFilter(v as Filter)} aria-label="Show"
          data={[{ value: 'new', label: 'New' }, { value: 'replied', label: 'Replied' }, { value: 'archived', label: 'Archived' }, { value: 'all', label: 'All' }]} />
        <Select aria-label="How it came" placeholder="Any way" clearable value={method} onChange={setMethod} w={160}
          data={messageDeliveryMethods.values.map((v) => ({ value: v, label: messageDeliveryMethods.label(v) }))} />
        <SegmentedControl value={order} onChange={(v) => setOrder(v as 'date' | 'name')} aria-label="Order" data={[{ value: 'date', label: 'By date' }, { value: 'name', label: 'By name' }]} />
        <TextInput aria-label="Search messages" placeholder="Name or words" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={200} />
      </Group>
      <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}>
        <Stack gap={6} style={{ flex: thread ? '0 0 380px' : 1, minWidth: 0 }} visibleFrom={thread ? 'md' : undefined} role="list" aria-label="Incoming messages">
          {!incoming && <Loader aria-label="Loading messages" />}
          {incoming && shown.length === 0 && <Text c="dimmed">{filter === 'new' ? 'No new messages.' : 'No messages here.'}</Text>}
          {shown.map((m) => {
            const colors = rowColors[messageRowColor(m)];
            return (
              <UnstyledButton key={m.storeMessageId} role="listitem" aria-current={m.storeMessageId === messageId ? 'true' : undefined}
                onClick={() => void navigate({ to: '/messages/cus/$messageId/{-$customerId}', params: { messageId: m.storeMessageId, customerId: m.customerId ?? undefined } })}
                p="xs" style={{ background: colors.bg, borderLeft: `4px solid ${colors.bar}`, borderRadius: 4, outline: m.storeMessageId === messageId ? '2px solid var(--mantine-primary-color-filled)' : undefined }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={700} size="sm" truncate>{m.name || 'Unknown sender'}</Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>{formats.dateTime(m.sentOn)}</Text>
                </Group>
                <Text size="sm" lineClamp={2}>{m.content}</Text>
                <Group gap={4} mt={2}>
                  <Badge size="xs" variant="outline">{messageDeliveryMethods.label(m.messageDeliveryMethod)}</Badge>
                  {m.customerInquiryType && <Badge size="xs" variant="outline">{inquiryTypes.label(m.customerInquiryType)}</Badge>}
                  {m.isArchived && <Badge size="xs" color="gray">Archived</Badge>}
                  {m.repliedToByUserName && <Badge size="xs" color="gray">Replied by {m.repliedToByUserName}</Badge>}
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
        {thread && <Box style={{ flex: 1, minWidth: 0 }}><Outlet /></Box>}
      </Box>
    </Stack>
  );
}
