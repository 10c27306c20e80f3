import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useActionStatus } from '../../app/save-status.ts';
import { useAction } from '../../app/use-action.ts';
import type { InspectionReport } from '../../contract/entities.ts';
import { reportSendPath } from '../../domain/inspections/inspections.ts';
import { syncClient } from '../../sync/sync-client.ts';

/**
 * Whether the customer has the finished report, and the button that sends it. Sending is the server's to do (it
 * reaches the customer the way they asked, or refuses: they prefer calls), so the card says "sent" only once the
 * server has answered so; until then the send waits on this device, and a refusal reads as one, with the server's
 * words on what to do instead. "Send again" after a refusal replaces it (the counter may have changed what refused
 * it); "Don't send" drops it.
 */
export function ReportSending({
  storeId,
  report,
  maySend,
  dateTime,
}: {
  storeId: number;
  report: InspectionReport;
  maySend: boolean;
  dateTime: (iso: string) => string;
}) {
  const { inspectionReportId } = report;
  const [asked, setAsked] = useState<object | null>(null);
  const { status, refused } = useActionStatus(storeId, { entity: `inspectionReports/${inspectionReportId}`, path: reportSendPath(inspectionReportId) }, asked);
  const { problem, busy, run } = useAction('The report was not sent; try again.');
  const send = () =>
    run(async () => {
      await syncClient().sendInspectionReport(inspectionReportId);
      setAsked({});
    });
  const waiting = status === 'waiting' || status === 'held';
  const sendButton = maySend && !waiting && (
    <Button loading={busy} onClick={() => void send()}>
      {refused || report.sentAt ? 'Send again' : 'Send to the customer'}
    </Button>
  );
  return (
    <Card withBorder>
      <Stack gap="xs">
        {refused && !waiting ? (
          <Alert color="red" title="The report was not sent" role="alert">
            {/* The server's words say what to do instead; their "The report was not sent:" is the alert's title already. */}
            <Text size="sm">
              {(refused.problem?.detail ?? refused.lastError ?? 'The server refused to send it.').replace(/^The report was not sent: /, '')}
            </Text>
            <Group gap="xs" mt="xs">
              {sendButton}
              <Button variant="default" disabled={busy} onClick={() => void run(() => syncClient().discardChange(storeId, refused.seq!))}>
                Don't send
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="space-between">
            <Text size="sm" role="status">
              {waiting
                ? 'Not sent yet: the report waits on this device and goes to the customer when the server gets it.'
                : report.sentAt
                  ? `Report sent to the customer ${dateTime(report.sentAt)}`
                  : 'The customer has not been sent the report yet.'}
            </Text>
            {sendButton}
          </Group>
        )}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
