import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { relativeTime } from '../../app/relative-time.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { formatPhone } from '../../domain/people/phone.ts';

interface StoreActions {
  onEdit(store: StoreLocation): void;
  onClose(store: StoreLocation): void;
}

const TimeZone = ({ store }: { store: StoreLocation }) => (
  <Text size="sm" c={store.timeZone ? undefined : 'orange.8'}>
    {store.timeZone ?? "Time zone not set: shown at the device's zone"}
  </Text>
);
const TextingNumber = ({ store }: { store: StoreLocation }) => (
  <Text size="sm" c={store.twilioPhoneNumber ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
    {store.twilioPhoneNumber ? formatPhone(store.twilioPhoneNumber) : 'No texting number'}
  </Text>
);
/** When a device last synced at the store: a store where nobody opens the app stands out. */
const LastActivity = ({ at }: { at: string | undefined }) => (
  <Text size="sm" c={at ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }} title={at ? new Date(at).toLocaleString() : undefined}>
    {at ? `Synced ${relativeTime(at)}` : 'No device yet'}
  </Text>
);
const Traction = ({ store }: { store: StoreLocation }) => (
  <Badge variant="light" color={store.hasServiceKey ? 'green' : 'gray'}>
    {store.hasServiceKey ? 'Service key' : 'Traction off'}
  </Badge>
);
const Actions = ({ store, onEdit, onClose }: StoreActions & { store: StoreLocation }) => (
  <Group gap={4} justify="flex-end" wrap="nowrap">
    <Button size="compact-sm" variant="subtle" onClick={() => onEdit(store)} aria-label={`Edit store #${store.storeNumber}`}>
      Edit
    </Button>
    <Button size="compact-sm" variant="subtle" color="red" onClick={() => onClose(store)} aria-label={`Close store #${store.storeNumber}`}>
      Close
    </Button>
  </Group>
);

/**
 * A company's open stores: a table where there is room, and on a phone one card per store, so its texting number
 * and its Edit and Close stay in view rather than off the side of a scrolled table.
 */
export function CompanyStores({
  companyName,
  stores,
  activity,
  ...actions
}: StoreActions & {
  companyName: string;
  stores: StoreLocation[];
  activity: Map<number, string>;
}) {
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table aria-label={`Stores of ${companyName}`} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Store</Table.Th>
              <Table.Th>Time zone</Table.Th>
              <Table.Th>Texting number</Table.Th>
              <Table.Th>Traction</Table.Th>
              <Table.Th>Last activity</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stores.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text size="sm">
                    #{s.storeNumber} {s.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TimeZone store={s} />
                </Table.Td>
                <Table.Td>
                  <TextingNumber store={s} />
                </Table.Td>
                <Table.Td>
                  <Traction store={s} />
                </Table.Td>
                <Table.Td>
                  <LastActivity at={activity.get(s.id)} />
                </Table.Td>
                <Table.Td>
                  <Actions store={s} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" role="list" aria-label={`Stores of ${companyName}`}>
        {stores.map((s) => (
          <Paper key={s.id} withBorder p="xs" role="listitem" aria-label={`#${s.storeNumber} ${s.name}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500}>
                #{s.storeNumber} {s.name}
              </Text>
              <Actions store={s} {...actions} />
            </Group>
            <TimeZone store={s} />
            <Group gap="xs" mt={4}>
              <TextingNumber store={s} />
              <Traction store={s} />
            </Group>
            <LastActivity at={activity.get(s.id)} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}
