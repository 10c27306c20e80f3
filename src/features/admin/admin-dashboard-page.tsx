import { Alert, Button, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { Company } from '../../contract/companies.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { useAction } from '../../app/use-action.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { HealthTab } from './health-tab.tsx';
import { PeopleTab } from './people-tab.tsx';
import { StoresTab } from './stores-tab.tsx';
import { SystemNoticesTab } from './system-notices-tab.tsx';

/**
 * The platform's administrators' dashboard (route /administrator-dashboard, PointSAdmin; issue 27), online: the
 * dealer network's companies and stores, its people, the system notices, and the platform's health.
 */
export function AdminDashboardPage() {
  const [network, setNetwork] = useState<{ companies: Company[]; stores: StoreLocation[] } | null>(null);
  const { problem, run } = useAction('The companies and stores could not be loaded.');
  const load = useCallback(
    () =>
      void run(async () => {
        const [companies, stores] = await Promise.all([syncClient().listCompanies(), syncClient().listAllStores()]);
        setNetwork({ companies, stores });
      }),
    [run],
  );
  useEffect(load, [load]);
  const title = (
    <Title order={1} size="h2">
      Admin Dashboard
    </Title>
  );
  if (!network) {
    return (
      <Stack gap="md">
        {title}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}{' '}
            <Button variant="subtle" size="compact-sm" onClick={load}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Loader aria-label="Loading the companies and stores" />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {title}
      <Tabs defaultValue="stores" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="stores">Companies and stores</Tabs.Tab>
          <Tabs.Tab value="people">People</Tabs.Tab>
          <Tabs.Tab value="notices">System notices</Tabs.Tab>
          <Tabs.Tab value="health">Health</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="stores" pt="md">
          <StoresTab companies={network.companies} stores={network.stores} onChanged={load} />
        </Tabs.Panel>
        <Tabs.Panel value="people" pt="md">
          <PeopleTab companies={network.companies} stores={network.stores} />
        </Tabs.Panel>
        <Tabs.Panel value="notices" pt="md">
          <SystemNoticesTab stores={network.stores} />
        </Tabs.Panel>
        <Tabs.Panel value="health" pt="md">
          <HealthTab />
        </Tabs.Panel>
      </Tabs>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
