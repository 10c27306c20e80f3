import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Where a role check sends a user (spec section 8), with a way back. */
export function ForbiddenPage() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">No access</Title>
        <Text>Your role at this store does not include this page. If you need it, ask your store's Admin.</Text>
        <Button component={Link} to="/" w="fit-content">Go to Home</Button>
      </Stack>
    </Container>
  );
}
