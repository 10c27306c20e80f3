import { Stack, Tabs } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { SystemNoticesTab } from './system-notices-tab.tsx';

/**
 * The platform's administrators' dashboard (route /administrator-dashboard, PointSAdmin; issue 27). Its parts
 * come as they are built: system notices first; companies and stores, people and health follow.
 */
export function AdminDashboardPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <Stack gap="md">
      <Tabs defaultValue="notices" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="notices">System notices</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notices" pt="md">
          <SystemNoticesTab stores={session.stores} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
