import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { MessageSink } from '../../contract/message-sink.ts';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { syncClient } from '../../sync/sync-client.ts';

/**
 * The texts and emails the server kept instead of sending (no Twilio or SMTP set up): what a customer would
 * have received, word for word. Read online, newest first; a demo and a developer's check, not replicated.
 */
export function MessageSinkPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<{ sink: MessageSink } | { problem: string } | null>(null);
  useEffect(() => {
    let current = true;
    syncClient()
      .readMessageSink()
      .then(
        (sink) => {
          if (current) setShown({ sink });
        },
        (failure: unknown) => {
          if (current) setShown({ problem: (failure as Error).message });
        },
      );
    return () => {
      current = false;
    };
  }, [attempt, store?.id]);
  if (!store) return null;
  const formats = storeFormatters(store);
  const reload = (
    <Button
      variant="default"
      size="xs"
      onClick={() => {
        setShown(null);
        setAttempt((a) => a + 1);
      }}
    >
      Reload
    </Button>
  );
  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            Message sink
          </Title>
          <Text size="sm" c="dimmed">
            Texts and emails this server kept instead of sending them, because no texting or email service is set up.
          </Text>
        </div>
        {reload}
      </Group>
      {shown === null && (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading the message sink" />
        </Group>
      )}
      {shown && 'problem' in shown && (
        <Alert color="error" role="alert">
          {shown.problem}
        </Alert>
      )}
      {shown && 'sink' in shown && (
        <>
          {!shown.sink.smsSink && !shown.sink.mailSink && (
            <Alert color="blue">This server sends texts through Twilio and email through SMTP: nothing is kept here.</Alert>
          )}
          {(shown.sink.smsSink || shown.sink.mailSink) && (
            <Text size="sm">
              {[shown.sink.smsSink && 'Texts', shown.sink.mailSink && 'Emails'].filter(Boolean).join(' and ')} go to the sink on this server.
            </Text>
          )}
          {shown.sink.items.length === 0 && (shown.sink.smsSink || shown.sink.mailSink) && <Text c="dimmed">Nothing sent from this store yet.</Text>}
          <Stack gap="xs" aria-label="Kept messages" role="list">
            {shown.sink.items.map((m) => (
              <Card key={m.id} withBorder padding="sm" role="listitem">
                <Group gap="xs" mb={4}>
                  <Badge size="sm" variant="light" color={m.channel === 'sms' ? 'blue' : 'grape'}>
                    {m.channel === 'sms' ? 'Text' : 'Email'}
                  </Badge>
                  <Text size="sm" fw={600}>
                    To {m.channel === 'sms' ? formatPhone(m.to) : m.to}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formats.dateTime(m.sentAt)}
                  </Text>
                </Group>
                {m.subject && (
                  <Text size="sm" fw={500}>
                    {m.subject}
                  </Text>
                )}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.body}
                </Text>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
