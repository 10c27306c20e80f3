import { ratingLinkFor } from '../../domain/figures/ratings.ts';
import { Accordion, Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { LeaveGuard } from '../../app/leave-guard.tsx';
import { useSession } from '../../app/session.ts';
import type { MessageTemplate } from '../../contract/entities.ts';
import { messageTemplateTypes, type MessageTemplateType } from '../../contract/enum-values.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import type { OutboxEntry } from '../../db/store-db.ts';
import {
  isTemplateType,
  renderTemplate,
  templateLabel,
  templatePlaceholders,
  templateProblems,
  templateTexts,
  templateValues,
  type TemplateTexts,
} from '../../domain/messages/message-templates.ts';
import { maxSmsLength } from '../../domain/messages/outgoing-messages.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { WaitingBadge } from '../../app/edit-dialog.tsx';

const templateTypes = messageTemplateTypes.values.filter(isTemplateType);

/** A customer and appointment to show the words with, as a customer would read them. */
const sample = { customer: { firstName: 'Dana', lastName: 'Reyes' }, vehicle: { year: 2019, make: 'Honda', model: 'Civic' } };

/** The words of every text and email the store sends (settings, message templates; ours, see docs/decisions/messages.md). */
export function MessageTemplatesPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const data = useLiveQuery(async () => {
    if (!store) return null;
    const db = replicaOf(store.id);
    const [own, waiting] = await Promise.all([
      db.rows<MessageTemplate>('messageTemplates').toArray(),
      db.outbox.filter((e) => e.collection === 'messageTemplates').toArray(),
    ]);
    return { own, waiting };
  }, [store?.id]);
  const [open, setOpen] = useState<string | null>(null);
  if (!store) return null;
  if (!data) return <Loader aria-label="Loading the message templates" />;
  return (
    <Stack maw={900} gap="md">
      <div>
        <Title order={2} size="h3">
          Message Templates
        </Title>
        <Text size="sm" c="dimmed">
          The words of the texts and emails this store sends. Staff pick a template when they reply; reminders and confirmations use them too.
        </Text>
      </div>
      <Paper withBorder p="sm">
        <Text size="sm" fw={600} mb={4}>
          Placeholders, filled in for each message
        </Text>
        <Stack gap={2}>
          {Object.entries(templatePlaceholders).map(([name, meaning]) => (
            <Text key={name} size="sm">
              <Code>{`{${name}}`}</Code> {meaning}
            </Text>
          ))}
        </Stack>
      </Paper>
      <Accordion variant="separated" value={open} onChange={setOpen}>
        {templateTypes.map((type) => {
          const own = data.own.find((t) => t.templateType === type);
          const waiting = data.waiting.find((e) => e.key === `${store.id}/${type}`);
          return (
            <Accordion.Item key={type} value={type}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={500}>{templateLabel(type)}</Text>
                  {own ? (
                    <Badge size="xs" variant="light">
                      Changed
                    </Badge>
                  ) : (
                    <Badge size="xs" variant="outline" color="gray.7">
                      Default
                    </Badge>
                  )}
                  <WaitingBadge entry={waiting} />
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {open === type && <TemplateEditor store={store} type={type} stored={templateTexts(type, data.own)!} isOwn={!!own} waiting={waiting} />}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}

function TemplateEditor({
  store,
  type,
  stored,
  isOwn,
  waiting,
}: {
  store: StoreLocation;
  type: MessageTemplateType;
  stored: TemplateTexts;
  isOwn: boolean;
  waiting: OutboxEntry | undefined;
}) {
  const [draft, setDraft] = useState<TemplateTexts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  // Until the person edits, the editor shows the words as stored (a change from another device too).
  const texts = draft ?? stored;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(stored);
  const problems = templateProblems(texts, maxSmsLength);
  const shown = (field: keyof TemplateTexts) => (tried || draft !== null ? problems[field]?.[0] : undefined);
  const [sampleAppointment] = useState(() => new Date(Date.now() + 86_400_000).toISOString());
  const values = templateValues({
    store,
    ...sample,
    appointmentAt: sampleAppointment,
    ratingLink: ratingLinkFor(window.location.origin, store, { scheduledVisitHashId: 'sample-visit' }),
  });
  const edit = (field: keyof TemplateTexts, value: string) => setDraft({ ...texts, [field]: value });
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      setDraft(null);
      setTried(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const save = () => {
    setTried(true);
    if (Object.keys(problems).length === 0) void run(() => syncClient().saveMessageTemplate(type, texts));
  };
  const label = templateLabel(type);
  return (
    <Stack gap="sm">
      <LeaveGuard unsaved={() => dirty} what={`changes to the ${label} template`} />
      <Textarea
        label="Text message"
        autosize
        minRows={2}
        value={texts.smsText}
        error={shown('smsText')}
        description={`${texts.smsText.length} of ${maxSmsLength} characters`}
        onChange={(e) => edit('smsText', e.currentTarget.value)}
      />
      <TextInput
        label="Email subject"
        value={texts.emailSubject}
        maxLength={200}
        error={shown('emailSubject')}
        onChange={(e) => edit('emailSubject', e.currentTarget.value)}
      />
      <Textarea
        label="Email"
        autosize
        minRows={3}
        value={texts.emailText}
        maxLength={10_000}
        error={shown('emailText')}
        onChange={(e) => edit('emailText', e.currentTarget.value)}
      />
      <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)" aria-label={`Preview of the ${label} template`} role="region">
        <Text size="xs" c="dimmed" mb={4}>
          As Dana Reyes would read it, for an appointment tomorrow:
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {renderTemplate(texts.smsText, values)}
        </Text>
        <Text size="sm" fw={600} mt="xs">
          {renderTemplate(texts.emailSubject, values)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {renderTemplate(texts.emailText, values)}
        </Text>
      </Paper>
      {error && (
        <Alert color="red" title="Not saved">
          {error}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={save} disabled={!dirty}>
          Save template
        </Button>
        {dirty && (
          <Button
            variant="default"
            onClick={() => {
              setDraft(null);
              setTried(false);
            }}
          >
            Undo changes
          </Button>
        )}
        {isOwn && !dirty && (
          <Button
            variant="subtle"
            color="red"
            disabled={waiting?.method === 'DELETE'}
            onClick={() => void run(() => syncClient().restoreMessageTemplate(type))}
          >
            Restore the default words
          </Button>
        )}
      </Group>
    </Stack>
  );
}
