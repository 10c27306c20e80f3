import { Alert, Button, Group, Text } from '@mantine/core';
import { reloadIntoNewVersion, useAppUpdate } from '../app-update.ts';

/** "A new version is available" with Reload, once the new version is on the device (app-update.ts). */
export function UpdateNotice() {
  const update = useAppUpdate();
  if (update === 'none') return null;
  return (
    <Alert color="primary" mb="md" role="status" aria-label="App update">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">A new version is available</Text>
        <Button size="xs" loading={update === 'reloading'} onClick={() => void reloadIntoNewVersion()}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
