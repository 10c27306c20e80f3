import { ActionIcon, Alert, Badge, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { StoreMessage, StoreService } from '../../contract/entities.ts';
import { inquiryTypes } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import type { StoreDb } from '../../db/store-db.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { callBoxNumber, messageTexts, showsCallBox, showsReplyActions } from '../../domain/messages/quick-reply.ts';
import { sendQuickReply } from '../../sync/send-quick-reply.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useTopBarPopover } from './top-bar-popover.ts';

/**
 * The incoming-messages popup (spec section 2): the new incoming messages, each with its inquiry type, store
 * service and call-customer box, and Quick Reply, Archive Message, View Thread, Clear Message. Its badge is the
 * shell's count of messages still to answer (use-shell-counts.ts, an index count), and the messages themselves
 * are read only while it is open: a closed popup reads nothing as a busy store's texts come and go.
 */
export function IncomingMessagesPopup({ store, awaiting }: { store: StoreLocation; awaiting: number }) {
  const [opened, setOpened] = useState(false);
  // Each opening lists anew (a fresh list component); closing leaves the list in place while the popup fades out.
  const [openings, setOpenings] = useState(0);
  const popover = useTopBarPopover();
  // Where the keyboard goes when the message it was on leaves the list (archived, cleared): still inside the popup.
  const title = useRef<HTMLParagraphElement>(null);
  const toggle = (next: boolean) => {
    if (next && !opened) setOpenings((n) => n + 1);
    setOpened(next);
  };
  return (
    // 400 px wide, and never wider than a phone's screen (with a margin each side).
    // The badge wraps the popover, not its target: the target must be the button, which carries aria-expanded.
    <Indicator disabled={awaiting === 0} label={awaiting} size={16} color="error" offset={4}>
      <Popover opened={opened} onChange={toggle} width="min(400px, calc(100vw - 16px))" {...popover}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => toggle(!opened)}
            aria-label={`Incoming messages${awaiting ? `: ${awaiting} new` : ''}`}
          >
            <IconMessage size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          {/* The keyboard lands on the title as the popup opens (its list is still being read), the list a Tab away. */}
          <Text ref={title} fw={600} px="sm" py="xs" tabIndex={-1} data-autofocus>
            Incoming messages
          </Text>
          <Divider />
          <IncomingMessagesList key={openings} store={store} onLeave={() => toggle(false)} focusTitle={() => title.current?.focus()} />
          <Divider />
          <Button component={Link} to="/messages" variant="subtle" fullWidth radius={0} onClick={() => toggle(false)}>
            SEE ALL MESSAGES
          </Button>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/** The messages to answer, newest first, and with them those listed since the popup opened (kept by id). */
export async function readIncomingMessages(
  db: StoreDb,
  listed: readonly string[],
): Promise<{ fresh: StoreMessage[]; byId: Map<string, StoreMessage>; serviceName: Map<string, string> }> {
  const messages = db.rows<StoreMessage>('storeMessages');
  const [fresh, kept] = await Promise.all([messages.where('awaitingReply').equals(1).toArray(), messages.bulkGet([...listed])]);
  fresh.sort((a, b) => b.sentOn.localeCompare(a.sentOn));
  const byId = new Map([...kept, ...fresh].filter((m): m is StoreMessage => m !== undefined).map((m) => [m.storeMessageId, m]));
  const serviceIds = [...new Set([...byId.values()].flatMap((m) => (m.storeServiceId ? [m.storeServiceId] : [])))];
  const services = (await db.rows<StoreService>('storeServices').bulkGet(serviceIds)).filter((s): s is StoreService => s !== undefined);
  return { fresh, byId, serviceName: new Map(services.map((s) => [s.storeServiceId, s.name])) };
}

/**
 * The list, made anew at each opening: taken when it opens (a reply stays with its note until it closes), a
 * message arriving meanwhile goes on top, an archived one leaves; taken again at the next opening, and on a store
 * change (the shell keys the popup by store).
 */
function IncomingMessagesList({ store, onLeave, focusTitle }: { store: StoreLocation; onLeave(): void; focusTitle(): void }) {
  const [listed, setListed] = useState<string[] | null>(null);
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const messages = useLiveQuery(() => readIncomingMessages(replicaOf(store.id), listed ?? []), [store.id, listed]);
  // The list is taken from the first read (set while rendering, so no frame shows the read without it).
  if (messages && listed === null) setListed(messages.fresh.map((m) => m.storeMessageId));
  if (!messages)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Loading messages" />
      </Group>
    );

  const taken = listed ?? messages.fresh.map((m) => m.storeMessageId);
  const arrived = messages.fresh.filter((m) => !taken.includes(m.storeMessageId)).map((m) => m.storeMessageId);
  const shown = [...arrived, ...taken]
    .map((id) => messages.byId.get(id))
    .filter((m): m is StoreMessage => !!m && !m.isArchived && !cleared.has(m.storeMessageId));
  return (
    <ScrollArea.Autosize mah="60vh" type="auto">
      {shown.length === 0 ? (
        <Text p="md" c="dimmed">
          {messageTexts.empty}
        </Text>
      ) : (
        <Stack gap={0}>
          {shown.map((m) => (
            <PopupRow
              key={m.storeMessageId}
              message={m}
              store={store}
              serviceName={m.storeServiceId ? messages.serviceName.get(m.storeServiceId) : undefined}
              onClear={() => {
                flushSync(() => setCleared(new Set([...cleared, m.storeMessageId])));
                focusTitle();
              }}
              onArchive={focusTitle}
              onLeave={onLeave}
            />
          ))}
        </Stack>
      )}
    </ScrollArea.Autosize>
  );
}

function PopupRow({
  message,
  store,
  serviceName,
  onClear,
  onArchive,
  onLeave,
}: {
  message: StoreMessage;
  store: StoreLocation;
  serviceName: string | undefined;
  onClear(): void;
  onArchive(): void;
  onLeave(): void;
}) {
  const navigate = useNavigate();
  const [replying, setReplying] = useState(false);
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const row = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // The reply box goes: the keyboard stays on this message, inside the popup (where Escape still closes it).
  const closeReply = () => {
    flushSync(() => {
      setReplying(false);
      setContent('');
      setProblem(null);
    });
    row.current?.focus();
  };
  const send = async () => {
    if (content.trim() === '') return;
    setSending(true);
    setProblem(null);
    const failed = await sendQuickReply(message, content);
    if (failed) {
      // Back in the box, with the words kept, to mend and send again (the box was disabled while sending).
      flushSync(() => {
        setSending(false);
        setProblem(failed);
      });
      input.current?.focus();
      return;
    }
    setSending(false);
    closeReply();
  };
  return (
    <Stack
      ref={row}
      tabIndex={-1}
      gap={4}
      p="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      role="article"
      aria-label={`Message from ${message.name || 'unknown sender'}`}
    >
      {/* The name first, whole; the inquiry and the service follow it, on a line of their own when narrow. */}
      <Group justify="space-between" gap={4}>
        <Text fw={700} size="sm">
          {message.name || 'Unknown sender'}
        </Text>
        <Group gap={4} wrap="nowrap" miw={0}>
          {message.customerInquiryType && (
            <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
              {inquiryTypes.label(message.customerInquiryType)}
            </Badge>
          )}
          {serviceName && (
            <Badge size="xs" variant="light" miw={0}>
              {serviceName}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
        {message.content}
      </Text>
      {showsCallBox(message, store) && (
        <Alert p={6} color="blue">
          <Text size="sm">
            Call the customer: <b>{callBoxNumber(message.phoneNumber!)}</b>
          </Text>
        </Alert>
      )}
      {message.isArchived && (
        <Text size="xs" c="dimmed">
          {messageTexts.archived}
        </Text>
      )}
      {message.repliedToByUserName && (
        <Text size="xs" c="dimmed">
          {messageTexts.repliedBy(message.repliedToByUserName)}
        </Text>
      )}
      {replying && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={input}
            aria-label="Quick reply"
            placeholder="Reply; Enter sends"
            style={{ flex: 1 }}
            value={content}
            disabled={sending}
            autoFocus
            onChange={(e) => setContent(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void send();
              }
            }}
          />
          <Button size="xs" loading={sending} onClick={() => void send()}>
            Send Message
          </Button>
          <Button size="xs" variant="subtle" color="gray" disabled={sending} onClick={closeReply}>
            Cancel
          </Button>
        </Group>
      )}
      {problem && (
        <Text c="red" size="xs" role="alert">
          {problem}
        </Text>
      )}
      <Group gap={4}>
        {showsReplyActions(message, store, replying) && (
          <>
            <Button size="compact-xs" variant="light" onClick={() => setReplying(true)}>
              Quick Reply
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                onArchive();
                void syncClient().archiveMessage(message.storeMessageId);
              }}
            >
              Archive Message
            </Button>
          </>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            onLeave();
            void navigate({
              to: '/messages/cus/$messageId/{-$customerId}',
              params: { messageId: message.storeMessageId, customerId: message.customerId ?? undefined },
            });
          }}
        >
          View Thread
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear}>
          Clear Message
        </Button>
      </Group>
    </Stack>
  );
}
