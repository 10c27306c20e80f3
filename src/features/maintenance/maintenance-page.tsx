import { Button, Container, Stack, Text, Title } from '@mantine/core';

/** Shown while a high-severity system notification is active (spec section 2). */
export function MaintenancePage() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">System maintenance</Title>
        <Text>AllTrac is down for maintenance. Changes you made on this device are kept and will be sent when it is back.</Text>
        <Button w="fit-content" onClick={() => window.location.assign('/')}>Try again</Button>
      </Stack>
    </Container>
  );
}
