import { Alert, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { replicaOf } from '../../db/use-replica.ts';
import { measurementText } from '../../domain/inspections/inspections.ts';
import { flagText, type FittedTire, type PastFinding, type TreadPosition, type VehicleTireHistory } from '../../domain/tires/vehicle-tire-history.ts';
import { readVehicleTireHistory } from './read-vehicle-tire-history.ts';

const shortDates = new Map<string, Intl.DateTimeFormat>();
/** "Mar 1, 2026" at the store's wall clock: the history's dates, short enough for a column on a phone. */
export function shortDate(timeZone: string): (iso: string) => string {
  let format = shortDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    shortDates.set(timeZone, format);
  }
  return (iso) => format.format(new Date(iso));
}

/** "Left front tread" heads its column as "Left front": the card is headed with tread already. */
const columnName = (name: string) => name.replace(/\s+tread$/i, '') || name;

function FittedTires({ tires, date }: { tires: FittedTire[]; date: (iso: string) => string }) {
  return (
    <Stack gap={6}>
      {tires.map((tire) => (
        <div key={tire.visitTireId}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              Tire {tire.position + 1}
            </Badge>
            <Text size="sm" fw={600} style={{ minWidth: 0 }}>
              {tire.description}
            </Text>
          </Group>
          <Text size="sm" c={tire.old || tire.dot?.tone === 'misread' ? 'orange.9' : 'dimmed'} fw={tire.old ? 600 : undefined}>
            {tire.dot ? `${tire.dot.text} · ${tire.dot.note}` : 'DOT code not recorded'}
            {tire.ageYears !== null && !tire.old ? ` · ${tire.ageYears} ${tire.ageYears === 1 ? 'year' : 'years'} old` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            Fitted {date(tire.fittedAt)}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** Tread over time: a row per inspection (latest first), a column per wheel; the latest reading at 4/32″ or less in the error colour. */
function TreadTable({ tread, date }: { tread: TreadPosition[]; date: (iso: string) => string }) {
  const inspections = new Map<string, string>();
  for (const position of tread) for (const r of position.readings) inspections.set(r.inspectionReportId, r.at);
  const rows = [...inspections].sort((a, b) => b[1].localeCompare(a[1]));
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table withTableBorder striped verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label="Tread depth (32nds of an inch) by inspection">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Inspected</Table.Th>
            {tread.map((p) => (
              <Table.Th key={p.name}>{columnName(p.name)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([reportId, at]) => (
            <Table.Tr key={reportId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(at)}</Table.Td>
              {tread.map((p) => {
                const reading = p.readings.find((r) => r.inspectionReportId === reportId);
                const worn = p.worn && reading === p.latest;
                return (
                  <Table.Td key={p.name} c={worn ? 'error' : undefined} fw={worn ? 700 : undefined}>
                    {reading ? measurementText('treadDepth32nds', reading.depth32nds) : '–'}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const decisionColor = { Approved: 'secondary', Declined: 'error', 'Not answered': 'gray' } as const;

function Findings({ findings, date }: { findings: PastFinding[]; date: (iso: string) => string }) {
  return (
    <Stack gap={6}>
      {findings.map((f) => (
        <div key={`${f.inspectionReportId}/${f.itemName}`}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ minWidth: 0 }}>
              <Text span fw={600}>
                {f.itemName}
              </Text>
              {` · ${f.status}`}
              {f.measurement !== null ? ` · ${measurementText(f.measurementKind, f.measurement)}` : ''}
            </Text>
            <Badge variant="light" color={decisionColor[f.decision]} style={{ flexShrink: 0 }}>
              {f.decision}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {date(f.at)}
            {f.notes ? ` · ${f.notes}` : ''}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** The history as drawn: flags first, then the tires on the vehicle, tread over time and past findings. */
function TireHistoryView({ history, timeZone }: { history: VehicleTireHistory; timeZone: string }) {
  const date = shortDate(timeZone);
  if (history.empty) {
    return (
      <Text size="sm" c="dimmed">
        No tire or tread records for this vehicle yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {history.flags.length > 0 && (
        <Alert color="orange" variant="light" p="xs" role="status" aria-label="Tire flags">
          <List size="sm" spacing={2}>
            {history.flags.map((flag) => (
              <List.Item key={flag.kind === 'oldTire' ? `old-${flag.position}` : `worn-${flag.name}`}>{flagText(flag, date)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Stack gap={4}>
        <Title order={3} size="h6">
          On the vehicle
        </Title>
        {history.tires.length > 0 ? (
          <FittedTires tires={history.tires} date={date} />
        ) : (
          <Text size="sm" c="dimmed">
            No tires fitted here yet.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {history.replaced.length > 0 ? `${history.replaced.length} earlier ${history.replaced.length === 1 ? 'tire' : 'tires'} replaced. ` : ''}
          Rotations are not recorded.
        </Text>
      </Stack>
      {history.tread.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h6">
            Tread depth
          </Title>
          <TreadTable tread={history.tread} date={date} />
          {history.tread.some((p) => p.beforeLaterInstall) && (
            <Text size="xs" c="dimmed">
              Tires were fitted after the last reading: measure again.
            </Text>
          )}
        </Stack>
      )}
      {history.findings.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h6">
            Past findings
          </Title>
          <Findings findings={history.findings} date={date} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * "Tires and tread": a vehicle's history read live from the replica (offline too), on the vehicle in the bay and
 * at the counter. `today` is the store's date, the day DOT ages are judged on.
 */
export function TireHistoryCard({ storeId, vehicleId, today, timeZone }: { storeId: number; vehicleId: string; today: string; timeZone: string }) {
  const history = useLiveQuery(() => readVehicleTireHistory(replicaOf(storeId), vehicleId, today), [storeId, vehicleId, today]);
  return (
    <Card withBorder padding="md" role="region" aria-label="Tires and tread">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Tires and tread
        </Title>
        {history && history.flags.length > 0 && (
          <Badge color="orange" variant="light">
            {history.flags.length} {history.flags.length === 1 ? 'flag' : 'flags'}
          </Badge>
        )}
      </Group>
      {history ? (
        <TireHistoryView history={history} timeZone={timeZone} />
      ) : (
        <Text size="sm" c="dimmed">
          Reading the vehicle's history…
        </Text>
      )}
    </Card>
  );
}
