import { Alert, Badge, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Outlet, useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { AnchorLink, ButtonLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { useCustomer } from './use-customer.ts';

/**
 * A customer's screens (spec route /customers/{customerId}): the edit view, vehicles and appointment history
 * under one header that says who it is and whether a change of theirs still waits to be sent.
 */
export function CustomerLayout() {
  const session = useSession();
  const { customerId } = useParams({ strict: false }) as { customerId: string };
  const path = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const storeId = session?.activeStore?.id ?? null;
  const data = useCustomer(storeId ?? 0, customerId);
  if (storeId === null) return null;
  if (!data) return <Loader aria-label="Loading the customer" />;
  const { customer, synced, waiting } = data;
  if (!customer) {
    const merge = waiting.find((e) => e.description === 'Merge customers');
    return (
      <Stack maw={700}>
        <AnchorLink to="/customer-search">
          <Group gap={4}>
            <IconArrowLeft size={16} />
            Customers
          </Group>
        </AnchorLink>
        {merge?.status === 'failed' ? (
          <Alert color="error" title="The merge was refused">
            {merge.problem?.detail ?? merge.problem?.title ?? 'The server did not accept the merge.'} Open the sync status at the top to try it again, or
            discard it to bring this customer back.
          </Alert>
        ) : (
          <Alert color={synced ? 'gray' : 'yellow'} title={merge ? 'Merged into another customer' : 'This customer is not on this device'}>
            {merge
              ? 'This customer is being merged into another one; the merge is sent with the other changes.'
              : synced
                ? 'It may have been merged into another customer or removed. Search for the customer again.'
                : "This device is still receiving the store's customers. Try again in a moment."}
          </Alert>
        )}
      </Stack>
    );
  }
  const tab = path.includes('/appointments') ? 'appointments' : 'details';
  return (
    <Stack maw={1000}>
      <AnchorLink to="/customer-search" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          Customers
        </Group>
      </AnchorLink>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {displayName(customer) || 'Customer'}
          </Title>
          <Text c="dimmed">
            {[customer.phoneNumber && formatPhone(customer.phoneNumber), customer.email].filter(Boolean).join(' · ') || 'No phone or email yet'}
          </Text>
        </Stack>
        {/* The badge beside the button, so a change waiting never moves the button from the row's end. */}
        <Group gap="sm" wrap="wrap">
          {waiting.some((e) => e.status === 'failed') ? (
            <Badge color="error" variant="light" title="The server refused a change of this customer: the sync status at the top says why">
              A change was not saved
            </Badge>
          ) : (
            waiting.length > 0 && (
              <Badge color="yellow" variant="light" title="Saved on this device; sent as soon as the app reaches the server">
                Changes waiting to be sent
              </Badge>
            )
          )}
          <ButtonLink to="/tires" search={{ customerId }} variant="light">
            Quote tires
          </ButtonLink>
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate(
            value === 'appointments'
              ? { to: '/customers/$customerId/appointments', params: { customerId } }
              : { to: '/customers/$customerId', params: { customerId } },
          )
        }
      >
        <Tabs.List>
          <Tabs.Tab value="details">Details and vehicles</Tabs.Tab>
          <Tabs.Tab value="appointments">Appointment history</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
