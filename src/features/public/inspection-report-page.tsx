import { Alert, Badge, Button, Card, Group, Image, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PublicInspectionReport } from '../../contract/inspection-report.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths, withApiVersion } from '../../contract/routes.ts';
import { dateFormats } from '../../domain/calendar/date-format.ts';
import { measurementText, needsDecision } from '../../domain/inspections/inspections.ts';
import { formatCents } from '../../domain/figures/money-format.ts';
import { NetworkError } from '../../http/api-client.ts';
import { problemOf } from '../../http/problem-of.ts';
import { LoadingPage, NotValidPage, PublicFrame, UnreachablePage } from './public-frame.tsx';
import { publicApi, publicApiBase } from './public-api.ts';
import { printRequested, usePublicParam, usePublicQuery } from './public-route.ts';
import { usePublicResource } from './use-public-resource.ts';

type Decision = 'Approved' | 'Declined';
type Price = PublicInspectionReport['lines'][number]['price'];

/** What fixing an item costs, line by line, with its fees, tax and total: known before anyone approves it. */
function FixPrice({ price, itemName }: { price: NonNullable<Price>; itemName: string }) {
  return (
    <Stack gap={0} mt="xs" role="group" aria-label={`Price of fixing ${itemName}`}>
      {price.lines.map((l, i) => (
        <Group key={i} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">
            {l.quantity > 1 ? `${l.quantity} × ` : ''}
            {l.description}
          </Text>
          <Text size="sm">{formatCents(l.totalInCents)}</Text>
        </Group>
      ))}
      {price.feesInCents > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">Fees</Text>
          <Text size="sm">{formatCents(price.feesInCents)}</Text>
        </Group>
      )}
      {price.taxInCents > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">Tax</Text>
          <Text size="sm">{formatCents(price.taxInCents)}</Text>
        </Group>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={700}>
          Price
        </Text>
        <Text size="sm" fw={700}>
          {formatCents(price.totalInCents)}
        </Text>
      </Group>
    </Stack>
  );
}
const statusColor = { Failed: 'red', Warning: 'yellow', Passed: 'green', NotInspected: 'gray' } as const;
const statusWords = { Failed: 'Needs repair', Warning: 'Needs attention soon', Passed: 'Good', NotInspected: 'Not inspected' } as const;

/**
 * The customer's inspection report (route /inspection-reports/{id}, public): what failed, then what needs
 * attention, then what passed, with the technician's notes, measurements and photos, and the store to call.
 * The customer approves or declines each item that failed or needs attention and signs with their name.
 * `?print=true` is a clean page to print: no buttons, no answers to give.
 */
export function InspectionReportPage() {
  const id = usePublicParam('id');
  const print = printRequested(usePublicQuery());
  const path = fillPath(apiPaths.publicInspectionReport, { inspectionReportHashId: id });
  const { loaded, refresh, retry } = usePublicResource<PublicInspectionReport>(path);
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [name, setName] = useState('');
  const [sending, setSending] = useState<'idle' | 'sending' | 'sent' | { problem: string }>('idle');
  useEffect(() => {
    if (print && loaded.state === 'ready') document.title = `Inspection report – ${loaded.value.vehicle ?? loaded.value.store.name}`;
  }, [print, loaded]);

  if (loaded.state === 'loading') return <LoadingPage label="Loading the report" />;
  if (loaded.state === 'missing')
    return <NotValidPage title="This report is not available">Check the link in the store's message, or call the store.</NotValidPage>;
  if (loaded.state === 'unreachable') return <UnreachablePage what="the report" onRetry={retry} />;
  const report = loaded.value;
  const { date } = dateFormats(report.store.timeZone);
  const askable = report.lines.filter((l) => needsDecision(l.status));
  const counts = { Failed: report.lines.filter((l) => l.status === 'Failed').length, Warning: report.lines.filter((l) => l.status === 'Warning').length };
  const priceOf = new Map(report.lines.map((l) => [l.itemId, l.price]));
  const approving = askable.filter((l) => !l.customerDecision && decisions[l.itemId] === 'Approved');
  const approvingInCents = approving.reduce((total, l) => total + (l.price?.totalInCents ?? 0), 0);
  const approvingUnpriced = approving.filter((l) => !l.price).length;
  const submit = async () => {
    // Each answer carries the price it was given at: the store refuses it if the price changed meanwhile.
    const chosen = Object.entries(decisions).map(([itemId, decision]) => ({ itemId, decision, totalInCents: priceOf.get(itemId)?.totalInCents ?? null }));
    if (chosen.length === 0) return setSending({ problem: 'Approve or decline at least one item.' });
    if (name.trim().length < 2) return setSending({ problem: 'Type your name to sign your answers.' });
    setSending('sending');
    try {
      const answer = await publicApi().request('POST', fillPath(apiPaths.publicInspectionDecisions, { inspectionReportHashId: id }), {
        body: { name, decisions: chosen },
      });
      if (answer.status === 200) {
        setSending('sent');
        refresh();
        return;
      }
      const problem = problemOf(answer);
      setSending({
        problem: answer.status === 409 ? (problem.detail ?? problem.title) : (Object.values(problem.errors ?? {})[0]?.[0] ?? problem.detail ?? problem.title),
      });
      // A price or an answer changed at the store: show the report as it is now.
      if (answer.status === 409) refresh();
    } catch (error) {
      setSending({
        problem:
          error instanceof NetworkError
            ? 'There is no connection: your answers are still here. Try again when you are back online.'
            : 'Your answers were not sent; try again.',
      });
    }
  };

  return (
    <PublicFrame storeName={report.store.name} storePhone={print ? null : report.store.phoneNumber}>
      <Stack gap="md" className={print ? 'print-report' : undefined}>
        <div>
          <Title order={1} size="h3">
            Vehicle inspection report
          </Title>
          <Text>{[report.vehicle, report.licence].filter(Boolean).join(' · ')}</Text>
          <Text size="sm" c="dimmed">
            Inspected {date(report.inspectedOn)}
          </Text>
          {print && <Text size="sm">{[report.store.name, report.store.address, report.store.phoneNumber].filter(Boolean).join(' · ')}</Text>}
        </div>
        <Group gap="xs">
          {counts.Failed > 0 && (
            <Badge color="error" size="lg">
              {counts.Failed} {counts.Failed === 1 ? 'needs' : 'need'} repair
            </Badge>
          )}
          {counts.Warning > 0 && (
            <Badge color="yellow" size="lg">
              {counts.Warning} {counts.Warning === 1 ? 'needs' : 'need'} attention
            </Badge>
          )}
          {counts.Failed + counts.Warning === 0 && (
            <Badge color="green" size="lg">
              Everything checked is good
            </Badge>
          )}
        </Group>
        <Stack gap="sm" role="list" aria-label="Inspection results">
          {report.lines.map((line) => (
            <Card
              key={line.itemId}
              withBorder
              padding="sm"
              role="listitem"
              aria-label={`${line.name}: ${statusWords[line.status]}`}
              style={{ borderLeft: `5px solid var(--mantine-color-${statusColor[line.status]}-6)`, breakInside: 'avoid' }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{line.name}</Text>
                  <Text size="xs" c="dimmed">
                    {line.groupName}
                  </Text>
                </div>
                <Badge color={statusColor[line.status]} variant="light">
                  {statusWords[line.status]}
                </Badge>
              </Group>
              {line.measurement !== null && (
                <Text size="sm" mt={4}>
                  Measured: {measurementText(line.measurementKind, line.measurement)}
                </Text>
              )}
              {line.notes && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {line.notes}
                </Text>
              )}
              {line.photoIds.length > 0 && (
                <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
                  {line.photoIds.map((photoId) => (
                    <Image
                      key={photoId}
                      radius="sm"
                      alt={`Photo of ${line.name}`}
                      fit="cover"
                      h={140}
                      loading="lazy"
                      src={`${publicApiBase()}${withApiVersion(fillPath(apiPaths.publicInspectionPhoto, { inspectionReportHashId: id, inspectionPhotoId: photoId }))}`}
                    />
                  ))}
                </SimpleGrid>
              )}
              {needsDecision(line.status) &&
                (line.price ? (
                  <FixPrice price={line.price} itemName={line.name} />
                ) : (
                  <Text size="sm" mt="xs" c="dimmed">
                    Not priced yet: the store tells you the price before any work.
                  </Text>
                ))}
              {needsDecision(line.status) &&
                (line.customerDecision || print ? (
                  line.customerDecision && (
                    <Text size="sm" mt="xs" fw={600}>
                      {line.customerDecision === 'Approved' ? 'Approved' : 'Declined'}
                      {line.decidedByName ? ` by ${line.decidedByName}` : ''}
                      {line.decidedAt ? ` on ${date(line.decidedAt)}` : ''}.{print ? '' : ' To change it, call the store.'}
                    </Text>
                  )
                ) : (
                  <SegmentedControl
                    mt="xs"
                    fullWidth
                    size="md"
                    aria-label={`${line.name}: your answer`}
                    value={decisions[line.itemId] ?? ''}
                    data={[
                      { value: 'Approved', label: 'Approve' },
                      { value: 'Declined', label: 'Decline' },
                    ]}
                    onChange={(value) => setDecisions((d) => ({ ...d, [line.itemId]: value as Decision }))}
                  />
                ))}
            </Card>
          ))}
        </Stack>
        {report.approvedTotalInCents > 0 && <Text fw={600}>Work you approved: {formatCents(report.approvedTotalInCents)}</Text>}
        {report.approvedByName && (
          <Text size="sm">
            Answered by {report.approvedByName}
            {report.approvedAt ? ` on ${date(report.approvedAt)}` : ''}.
          </Text>
        )}
        {!print && askable.some((l) => !l.customerDecision) && (
          <Card withBorder padding="sm">
            <Stack gap="sm">
              <Text size="sm">Approve the work you want done, decline what can wait. The store calls you before any work starts.</Text>
              {approving.length > 0 && (
                <Text fw={600} role="status">
                  You are approving {approving.length} {approving.length === 1 ? 'item' : 'items'}: {formatCents(approvingInCents)}
                  {approvingUnpriced > 0 ? `, plus ${approvingUnpriced} the store will price before doing` : ''}
                </Text>
              )}
              <TextInput size="md" label="Your name, as your signature" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
              {typeof sending === 'object' && (
                <Text size="sm" c="error" role="alert">
                  {sending.problem}
                </Text>
              )}
              <Button size="md" loading={sending === 'sending'} onClick={() => void submit()}>
                Send my answers
              </Button>
            </Stack>
          </Card>
        )}
        {sending === 'sent' && (
          <Alert color="green" role="status">
            Thank you: the store has your answers.
          </Alert>
        )}
        {!print && (
          <Button variant="subtle" w="fit-content" component="a" href={`?print=true`} target="_blank">
            Printable version
          </Button>
        )}
      </Stack>
    </PublicFrame>
  );
}
