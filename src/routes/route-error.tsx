import { Alert, Button, Container } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';

/** A screen's code could not load (offline before it was cached, or a new version replaced it). */
const isChunkError = (error: unknown) =>
  /Loading (CSS )?chunk|dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(String((error as Error)?.message ?? error));

export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <Container size="sm" py="xl">
      <Alert color="error" title={isChunkError(error) ? 'This screen could not be loaded' : 'Something went wrong on this screen'} role="alert">
        {isChunkError(error)
          ? 'Check your connection and try again. If the app was just updated, reloading gets the new version.'
          : ((error as Error)?.message ?? String(error))}
        <Button mt="md" variant="light" onClick={() => (isChunkError(error) ? window.location.reload() : reset())}>
          Try again
        </Button>
      </Alert>
    </Container>
  );
}
