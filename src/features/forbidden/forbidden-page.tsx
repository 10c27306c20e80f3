import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSession } from '../../app/session.ts';
import { forbiddenAdvice } from './forbidden-advice.ts';

/** Where a role check sends a user (spec section 8): why, in words that fit their role, and a way back. */
export function ForbiddenPage() {
  const session = useSession();
  const refused = useRouterState({ select: (s) => s.location.state.refusedRoles });
  const advice = forbiddenAdvice(session?.roles ?? [], refused);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          No access
        </Title>
        <Text>{advice.text}</Text>
        <Group gap="sm">
          <Button component={Link} to="/" w="fit-content">
            Go to Home
          </Button>
          {advice.toUsers && (
            <Button component={Link} to="/settings/users" variant="default" w="fit-content">
              Open Users settings
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
