import { ActionIcon, Alert, Badge, Button, Card, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import type { Customer, CustomerVehicle, MessageTemplate, ScheduledVisit, StoreMessage, TextStop } from '../../contract/entities.ts';
import { messageTemplateTypes, type MessageTemplateType } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { renderedTemplate, templateLabel, templateValues } from '../../domain/messages/message-templates.ts';
import { ratingLinkFor } from '../../domain/figures/ratings.ts';
import { e164, formatPhone } from '../../domain/people/phone.ts';
import { stoppedNumberProblem } from '../../domain/messages/text-keywords.ts';
import { callBoxNumber, messageTexts, quickReplyRoute, showsCallBox, showsReplyActions } from '../../domain/messages/quick-reply.ts';
import { preferenceText } from '../../domain/people/contact-preference.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { sendQuickReply } from '../../sync/send-quick-reply.ts';

const deliveryColors = { Queued: 'yellow', Sent: 'blue', Delivered: 'green', Failed: 'red' } as const;

/** The opened message and every message with the same customer (or, without one, the same number or address). */
async function readThread(storeId: number, messageId: string) {
  const table = replicaOf(storeId).rows<StoreMessage>('storeMessages');
  const opened = await table.get(messageId);
  if (!opened) return { opened: null, thread: [] as StoreMessage[], stop: undefined };
  // A customer's messages by the index; a sender who is no customer yet by their number or address.
  const thread = opened.customerId
    ? await table.where('customerId').equals(opened.customerId).toArray()
    : await table
        .filter((m) => (opened.phoneNumber !== null && m.phoneNumber === opened.phoneNumber) || (opened.email !== null && m.email === opened.email))
        .toArray();
  const number = e164(opened.phoneNumber);
  const stop = number
    ? await replicaOf(storeId)
        .rows<TextStop>('textStops')
        .get([storeId, number] as never)
    : undefined;
  return { opened, thread: thread.sort((a, b) => a.sentOn.localeCompare(b.sentOn)), stop };
}

/** A conversation with one customer (route customer-messages): both directions in order, and the reply box. */
export function ThreadPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const { messageId } = useParams({ strict: false }) as { messageId: string };
  const data = useLiveQuery(() => (store ? readThread(store.id, messageId) : Promise.resolve(null)), [store?.id, messageId]);
  if (!store || !data) return null;
  if (!data.opened) return <Text c="dimmed">This message is not on this device: it may belong to another store.</Text>;
  return <Thread key={messageId} store={store} opened={data.opened} thread={data.thread} stop={data.stop} />;
}

function Thread({ store, opened, thread, stop }: { store: StoreLocation; opened: StoreMessage; thread: StoreMessage[]; stop: TextStop | undefined }) {
  const formats = storeFormatters(store);
  const [replying, setReplying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : messageTexts.failed);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={2} size="h3">
            {opened.name || 'Unknown sender'}
          </Title>
          <Text size="sm" c="dimmed">
            {[formatPhone(opened.phoneNumber), opened.email, preferenceText(opened.preferredContactMethod)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {showsReplyActions(opened, store, replying) && (
          <Group gap="xs">
            <Button size="xs" onClick={() => setReplying(true)}>
              Quick Reply
            </Button>
            <Button size="xs" variant="default" onClick={() => void act(() => syncClient().archiveMessage(opened.storeMessageId))}>
              Archive Message
            </Button>
          </Group>
        )}
      </Group>
      {showsCallBox(opened, store) && (
        <Alert color="blue" title="Call the customer">
          <Text fw={700} size="lg">
            {callBoxNumber(opened.phoneNumber!)}
          </Text>
          <Text size="sm">{opened.preferredContactMethod === 'Phone' ? 'They asked for a call.' : 'They asked for a text, and this store cannot text.'}</Text>
        </Alert>
      )}
      {stop && (
        <Alert color="orange" title={`Texts are off since ${formats.dateTime(stop.stoppedOn)}`}>
          {stoppedNumberProblem}
        </Alert>
      )}
      {opened.isArchived && (
        <Text size="sm" c="dimmed">
          {messageTexts.archived}
        </Text>
      )}
      {opened.repliedToByUserName && (
        <Text size="sm" c="dimmed">
          {messageTexts.repliedBy(opened.repliedToByUserName)}
        </Text>
      )}
      {problem && (
        <Alert color="red" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Stack gap="xs" role="log" aria-label="Conversation">
        {thread.map((m) => (
          <Paper
            key={m.storeMessageId}
            withBorder
            p="xs"
            maw="85%"
            ml={m.messageDirection === 'Outbound' ? 'auto' : undefined}
            bg={m.messageDirection === 'Outbound' ? 'var(--mantine-primary-color-light)' : undefined}
          >
            {/* Content is text, shown as text: markup a customer sends is never run. */}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.content}
            </Text>
            <Group gap={6} mt={4}>
              <Text size="xs" c="dimmed">
                {formats.dateTime(m.sentOn)}
              </Text>
              {m.messageDirection === 'Outbound' && m.deliveryStatus && (
                <Badge size="xs" color={deliveryColors[m.deliveryStatus]} variant="light">
                  {m.deliveryStatus}
                </Badge>
              )}
            </Group>
            {m.deliveryStatus === 'Failed' && m.deliveryProblem && (
              <Text size="xs" c="red">
                {m.deliveryProblem}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      {replying && <ReplyBox store={store} opened={opened} onDone={() => setReplying(false)} />}
    </Stack>
  );
}

/** What a reply's placeholders read: the store's templates, and the customer, visit and vehicle of the message. */
async function replyContext(store: StoreLocation, opened: StoreMessage) {
  const db = replicaOf(store.id);
  const [own, customer, visit] = await Promise.all([
    db.rows<MessageTemplate>('messageTemplates').toArray(),
    opened.customerId ? db.rows<Customer>('customers').get(opened.customerId) : Promise.resolve(undefined),
    opened.visitId ? db.rows<ScheduledVisit>('scheduledVisits').get(opened.visitId) : Promise.resolve(undefined),
  ]);
  const vehicle = visit?.vehicleId ? await db.rows<CustomerVehicle>('customerVehicles').get(visit.vehicleId) : undefined;
  return {
    own,
    values: templateValues({
      store,
      customer: customer ?? null,
      name: opened.name,
      appointmentAt: visit?.scheduledCustomerCheckIn ?? null,
      vehicle: vehicle ?? null,
      ratingLink: ratingLinkFor(window.location.origin, store, visit),
    }),
  };
}

/**
 * Quick reply (spec sections 4 and 5): Enter or the button sends; the field waits while sending; cleared and
 * closed once queued. Picking a template writes its words, filled in, into the field, to send as they are or
 * change first: what the field shows is exactly what is sent.
 */
function ReplyBox({ store, opened, onDone }: { store: StoreLocation; opened: StoreMessage; onDone(): void }) {
  const context = useLiveQuery(() => replyContext(store, opened), [store.id, opened.storeMessageId]);
  const [content, setContent] = useState('');
  const [template, setTemplate] = useState<MessageTemplateType>('FreeForm');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const route = quickReplyRoute(opened, content || ' ');
  const choose = (type: MessageTemplateType) => {
    setTemplate(type);
    const words = context ? renderedTemplate(type, context.own, context.values) : null;
    if (words) setContent(route.send === 'email' ? words.emailText : words.smsText);
  };
  const send = async () => {
    if (content.trim() === '') return;
    setSending(true);
    setProblem(null);
    const failed = await sendQuickReply(opened, content, template);
    setSending(false);
    if (failed) return setProblem(failed);
    setContent('');
    onDone();
  };
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {route.send === 'sms' ? `Text to ${formatPhone(route.to)}` : route.send === 'email' ? `Email to ${route.to}` : 'Reply'}
          </Text>
          <Select
            aria-label="Template"
            size="xs"
            w={240}
            value={template}
            onChange={(v) => v && choose(v as MessageTemplateType)}
            allowDeselect={false}
            data={messageTemplateTypes.values.filter((v) => v !== 'Unknown' && v !== 'Incoming').map((v) => ({ value: v, label: templateLabel(v) }))}
          />
        </Group>
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <Textarea
            aria-label="Reply"
            placeholder="Write a reply; Enter sends, Shift+Enter starts a new line"
            autosize
            minRows={2}
            style={{ flex: 1 }}
            value={content}
            disabled={sending}
            onChange={(e) => setContent(e.currentTarget.value)}
            data-autofocus
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
          />
          <ActionIcon size="lg" aria-label="Send" loading={sending} disabled={content.trim() === ''} onClick={() => void send()}>
            <IconSend size={18} />
          </ActionIcon>
        </Group>
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button size="xs" variant="subtle" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
