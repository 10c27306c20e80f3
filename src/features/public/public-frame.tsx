import { Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPhone } from '../../domain/people/phone.ts';

/**
 * A customer's page: one narrow column, phone first, the store's name on top and its phone at the foot. `width`
 * widens it on large screens for a page that sets things side by side (a quote's options).
 */
export function PublicFrame({
  storeName,
  storePhone,
  width = 560,
  children,
}: {
  storeName?: string | null;
  storePhone?: string | null;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Container size={width} px="sm" py="lg">
      <Stack gap="md">
        {storeName && (
          <Text fw={700} c="primary" size="lg">
            {storeName}
          </Text>
        )}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {children}
        </Paper>
        {storePhone && (
          <Text size="sm" c="dimmed" ta="center">
            Questions? Call{' '}
            <Anchor underline="always" href={`tel:${storePhone.replace(/[^\d+]/g, '')}`}>
              {formatPhone(storePhone)}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Container>
  );
}

/** What a customer sees for a link that leads nowhere: no error code, and what to do instead. */
export function NotValidPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicFrame>
      <Stack gap="xs">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{children}</Text>
      </Stack>
    </PublicFrame>
  );
}

/** A customer's page while it reads what it shows. */
export function LoadingPage({ label }: { label: string }) {
  return (
    <PublicFrame>
      <Group justify="center" py="xl">
        <Loader aria-label={label} />
      </Group>
    </PublicFrame>
  );
}

/** A customer's page that could not reach the store: what to do, and a way to try again. */
export function UnreachablePage({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <PublicFrame>
      <Stack>
        <Title order={1} size="h3">
          We could not open {what}
        </Title>
        <Text>Check your connection, then try again.</Text>
        <Button w="fit-content" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </PublicFrame>
  );
}
