import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useAppServices } from '../../app/app-services.ts';

/** Contact, help and support (spec section 2): the support phone from the startup settings. */
export function HelpPage() {
  const { supportPhone } = useAppServices();
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">Help &amp; Support</Title>
      <Card withBorder>
        <Text fw={600}>Call support</Text>
        <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} size="lg">{supportPhone}</Anchor>
        <Text size="sm" c="dimmed">Monday to Saturday, during store hours.</Text>
      </Card>
    </Stack>
  );
}
