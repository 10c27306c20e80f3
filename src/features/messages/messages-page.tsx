import { Badge, Box, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { Outlet, useChildMatches, useNavigate, useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { AnchorLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import type { StoreMessage } from '../../contract/entities.ts';
import { inquiryTypes, messageDeliveryMethods } from '../../contract/enum-values.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { isDone, messageRowColor } from '../../domain/messages/quick-reply.ts';

export type Filter = 'new' | 'replied' | 'archived' | 'all';

const rowColors = {
  'blue-grey': { bg: 'var(--mantine-color-gray-light)', bar: 'var(--mantine-color-gray-5)' },
  green: { bg: 'var(--mantine-color-green-light)', bar: 'var(--mantine-color-green-7)' },
  blue: { bg: 'var(--mantine-color-blue-light)', bar: 'var(--mantine-color-blue-7)' },
} as const;

const matches = (m: StoreMessage, filter: Filter) =>
  filter === 'all' || (filter === 'new' && !isDone(m)) || (filter === 'replied' && m.repliedToByUserId !== null) || (filter === 'archived' && m.isArchived);

/**
 * The store's incoming messages on this device, newest first, the `newest` latest messages only when given:
 * read in bulk by the sentOn index (a filter in the query would walk a cursor row by row), then the outbound
 * ones left out.
 */
export async function readIncoming(db: StoreDb, newest?: number): Promise<StoreMessage[]> {
  const byDate = db.rows<StoreMessage>('storeMessages').orderBy('sentOn').reverse();
  return (await (newest === undefined ? byDate : byDate.limit(newest)).toArray()).filter((m) => m.messageDirection === 'Inbound');
}

/** The messages read first, to draw the first screen while the whole list (20,000 at a big store) is read. */
export const firstScreenMessages = 200;

/** The messages a person asked for: by state, by how they came, by words; newest first or by name. */
export function shownMessages(
  incoming: readonly StoreMessage[],
  view: { filter: Filter; method: string | null; order: 'date' | 'name'; search: string },
): StoreMessage[] {
  const words = view.search.trim().toLowerCase();
  const list = incoming.filter(
    (m) =>
      matches(m, view.filter) &&
      (!view.method || m.messageDeliveryMethod === view.method) &&
      (!words || `${m.name ?? ''} ${m.content}`.toLowerCase().includes(words)),
  );
  // Read newest first already: by date keeps that order; by name sorts stably within it.
  return view.order === 'date' ? list : list.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

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
  // The newest first, at once; the whole list replaces them when read (older new messages join then).
  const newest = useLiveQuery(async () => (store ? readIncoming(replicaOf(store.id), firstScreenMessages) : []), [store?.id]);
  const everything = useLiveQuery(async () => (store ? readIncoming(replicaOf(store.id)) : []), [store?.id]);
  const incoming = everything ?? newest;
  const shown = useMemo(() => shownMessages(incoming ?? [], { filter, method, order, search }), [incoming, filter, method, order, search]);
  if (!store) return null;
  const formats = storeFormatters(store);
  const unread = (incoming ?? []).filter((m) => !isDone(m)).length;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Messages
        </Title>
        <Badge color={unread > 0 ? 'red' : 'gray'} variant="light">
          {unread} new
        </Badge>
      </Group>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          aria-label="Show"
          data={[
            { value: 'new', label: 'New' },
            { value: 'replied', label: 'Replied' },
            { value: 'archived', label: 'Archived' },
            { value: 'all', label: 'All' },
          ]}
        />
        <Select
          aria-label="How it came"
          placeholder="Any way"
          clearable
          value={method}
          onChange={setMethod}
          w={160}
          data={messageDeliveryMethods.values.map((v) => ({ value: v, label: messageDeliveryMethods.label(v) }))}
        />
        <SegmentedControl
          value={order}
          onChange={(v) => setOrder(v as 'date' | 'name')}
          aria-label="Order"
          data={[
            { value: 'date', label: 'By date' },
            { value: 'name', label: 'By name' },
          ]}
        />
        <TextInput aria-label="Search messages" placeholder="Name or words" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={200} />
      </Group>
      <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}>
        <Box style={{ flex: thread ? '0 0 380px' : 1, minWidth: 0 }} visibleFrom={thread ? 'md' : undefined}>
          {!incoming && <Loader aria-label="Loading messages" />}
          {incoming && shown.length === 0 && <Text c="dimmed">{filter === 'new' ? 'No new messages.' : 'No messages here.'}</Text>}
          {shown.length > 0 && (
            <MessageList
              messages={shown}
              formatDate={formats.dateTime}
              selectedId={messageId}
              onOpen={(m) =>
                void navigate({ to: '/messages/cus/$messageId/{-$customerId}', params: { messageId: m.storeMessageId, customerId: m.customerId ?? undefined } })
              }
            />
          )}
        </Box>
        {thread && (
          <Box style={{ flex: 1, minWidth: 0 }}>
            {/* On a phone the thread takes the list's place: the way back to it. */}
            <Box hiddenFrom="md" mb="xs">
              <AnchorLink to="/messages" size="sm">
                ← All messages
              </AnchorLink>
            </Box>
            <Outlet />
          </Box>
        )}
      </Box>
    </Stack>
  );
}

/**
 * The list of messages, drawn as it scrolls: a store's 20,000 messages cost the few rows on screen. Rows
 * are measured as they draw (a name, two lines of content, badges).
 */
export function MessageList({
  messages,
  formatDate,
  selectedId,
  onOpen,
}: {
  messages: StoreMessage[];
  formatDate: (iso: string) => string;
  selectedId?: string | undefined;
  onOpen(m: StoreMessage): void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders on its own; nothing here memoizes it
  const virtualizer = useVirtualizer({ count: messages.length, getScrollElement: () => listRef.current, estimateSize: () => 88, overscan: 8, gap: 6 });
  return (
    <div ref={listRef} role="list" aria-label="Incoming messages" style={{ maxHeight: 'calc(100dvh - 240px)', minHeight: 240, overflowY: 'auto' }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const m = messages[item.index]!;
          const colors = rowColors[messageRowColor(m)];
          return (
            <UnstyledButton
              key={m.storeMessageId}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-current={m.storeMessageId === selectedId ? 'true' : undefined}
              onClick={() => onOpen(m)}
              p="xs"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${item.start}px)`,
                background: colors.bg,
                borderLeft: `4px solid ${colors.bar}`,
                borderRadius: 4,
                outline: m.storeMessageId === selectedId ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                outlineOffset: -2,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700} size="sm" truncate>
                  {m.name || 'Unknown sender'}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatDate(m.sentOn)}
                </Text>
              </Group>
              <Text size="sm" lineClamp={2}>
                {m.content}
              </Text>
              <Group gap={4} mt={2}>
                <Badge size="xs" variant="outline">
                  {messageDeliveryMethods.label(m.messageDeliveryMethod)}
                </Badge>
                {m.customerInquiryType && (
                  <Badge size="xs" variant="outline">
                    {inquiryTypes.label(m.customerInquiryType)}
                  </Badge>
                )}
                {m.isArchived && (
                  <Badge size="xs" color="gray">
                    Archived
                  </Badge>
                )}
                {m.repliedToByUserName && (
                  <Badge size="xs" color="gray">
                    Replied by {m.repliedToByUserName}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </div>
    </div>
  );
}
