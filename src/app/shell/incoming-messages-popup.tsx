import { ActionIcon, Alert, Badge, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { StoreMessage, StoreService } from '../../contract/entities.ts';
import { inquiryTypes } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { callBoxNumber, isDone, messageTexts, showsCallBox, showsReplyActions } from '../../domain/quick-reply.ts';
import { sendQuickReply } from '../../features/messages/send-quick-reply.ts';
import { syncClient } from '../../sync/sync-client.ts';

/**
 * The incoming-messages popup (spec section 2): the new incoming messages, each with its inquiry type, store
 * service and call-customer box, and Quick Reply, Archive Message, View Thread, Clear Message. The list is
 * taken when it opens (a reply stays with its note until it closes), a message arriving meanwhile goes on
 * top, an archived one leaves; it is taken again on close, and on a store change (the shell keys the popup
 * by store).
 */
export function IncomingMessagesPopup({ store }: { store: StoreLocation }) {
  const [opened, setOpened] = useState(false);
  const [listed, setListed] = useState<string[] | null>(null);
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const messages = useLiveQuery(async () => {
    const db = replicaOf(store.id);
    const [all, services] = await Promise.all([db.rows<StoreMessage>('storeMessages').toArray(), db.rows<StoreService>('storeServices').toArray()]);
    return { inbound: all.filter((m) => m.messageDirection === 'Inbound').sort((a, b) => b.sentOn.localeCompare(a.sentOn)), serviceName: new Map(services.map((s) => [s.storeServiceId, s.name])) };
  }, [store.id]);

  const fresh = (messages?.inbound ?? []).filter((m) => !isDone(m));
  const taken = listed ?? fresh.map((m) => m.storeMessageId);
  const byId = new Map((messages?.inbound ?? []).map((m) => [m.storeMessageId, m]));
  const arrived = fresh.filter((m) => !taken.includes(m.storeMessageId)).map((m) => m.storeMessageId);
  const shown = [...arrived, ...taken].map((id) => byId.get(id)).filter((m): m is StoreMessage => !!m && !m.isArchived && !cleared.has(m.storeMessageId));

  const toggle = (next: boolean) => {
    setOpened(next);
    setListed(next ? fresh.map((m) => m.storeMessageId) : null);
    if (!next) setCleared(new Set());
  };

  return (
    // 400 px wide, and never wider than a phone's screen (with a margin each side).
    // The badge wraps the popover, not its target: the target must be the button, which carries aria-expanded.
    <Indicator disabled={fresh.length === 0} label={fresh.length} size={16} color="error" offset={4}>
      <Popover opened={opened} onChange={toggle} position="bottom-end" width="min(400px, calc(100vw - 16px))" withinPortal shadow="md">
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => toggle(!opened)} aria-label={`Incoming messages${fresh.length ? `: ${fresh.length} new` : ''}`}>
            <IconMessage size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Text fw={600} px="sm" py="xs">Incoming messages</Text>
          <Divider />
          <ScrollArea.Autosize mah="60vh" type="auto">
            {shown.length === 0 ? <Text p="md" c="dimmed">{messageTexts.empty}</Text> : (
              <Stack gap={0}>
                {shown.map((m) => (
                  <PopupRow key={m.storeMessageId} message={m} store={store} serviceName={m.storeServiceId ? messages?.serviceName.get(m.storeServiceId) : undefined}
                    onClear={() => setCleared(new Set([...cleared, m.storeMessageId]))} onLeave={() => toggle(false)} />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Divider />
          <Button component={Link} to="/messages" variant="subtle" fullWidth radius={0} onClick={() => toggle(false)}>SEE ALL MESSAGES</Button>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function PopupRow({ message, store, serviceName, onClear, onLeave }: { message: StoreMessage; store: StoreLocation; serviceName: string | undefined; onClear(): void; onLeave(): void }) {
  const navigate = useNavigate();
  const [replying, setReplying] = useState(false);
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    if (content.trim() === '') return;
    setSending(true);
    setProblem(null);
    const failed = await sendQuickReply(message, content);
    setSending(false);
    if (failed) return setProblem(failed);
    setContent('');
    setReplying(false);
  };
  return (
    <Stack gap={4} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} role="article" aria-label={`Message from ${message.name || 'unknown sender'}`}>
      {/* The name first, whole; the inquiry and the service follow it, on a line of their own when narrow. */}
      <Group justify="space-between" gap={4}>
        <Text fw={700} size="sm">{message.name || 'Unknown sender'}</Text>
        <Group gap={4} wrap="nowrap" miw={0}>
          {message.customerInquiryType && <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>{inquiryTypes.label(message.customerInquiryType)}</Badge>}
          {serviceName && <Badge size="xs" variant="light" miw={0}>{serviceName}</Badge>}
        </Group>
      </Group>
      <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>{message.content}</Text>
      {showsCallBox(message, store) && <Alert p={6} color="blue"><Text size="sm">Call the customer: <b>{callBoxNumber(message.phoneNumber!)}</b></Text></Alert>}
      {message.isArchived && <Text size="xs" c="dimmed">{messageTexts.archived}</Text>}
      {message.repliedToByUserName && <Text size="xs" c="dimmed">{messageTexts.repliedBy(message.repliedToByUserName)}</Text>}
      {replying && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput aria-label="Quick reply" placeholder="Reply; Enter sends" style={{ flex: 1 }} value={content} disabled={sending} data-autofocus
            onChange={(e) => setContent(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void send(); } }} />
          <Button size="xs" loading={sending} onClick={() => void send()}>Send Message</Button>
        </Group>
      )}
      {problem && <Text c="red" size="xs" role="alert">{problem}</Text>}
      <Group gap={4}>
        {showsReplyActions(message, store, replying) && (
          <>
            <Button size="compact-xs" variant="light" onClick={() => setReplying(true)}>Quick Reply</Button>
            <Button size="compact-xs" variant="default" onClick={() => void syncClient().archiveMessage(message.storeMessageId)}>Archive Message</Button>
          </>
        )}
        <Button size="compact-xs" variant="subtle" onClick={() => {
          onLeave();
          void navigate({ to: '/messages/cus/$messageId/{-$customerId}', params: { messageId: message.storeMessageId, customerId: message.customerId ?? undefined } });
        }}>View Thread</Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear}>Clear Message</Button>
      </Group>
    </Stack>
  );
}
