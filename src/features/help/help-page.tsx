import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useAppServices } from '../../app/app-services.ts';
import { useSession } from '../../app/session.ts';
import { isPlatformAdmin } from '../../domain/people/roles.ts';
import { MySupportRequests } from './my-support-requests.tsx';
import { SupportInbox } from './support-inbox.tsx';
import { SupportRequestForm } from './support-request-form.tsx';

/**
 * Contact, help and support (spec section 2): the support phone from the startup settings, a message to
 * platform support, the user's own messages, and for PointSAdmin users the messages of every store.
 */
export function HelpPage() {
  const { supportPhone } = useAppServices();
  const session = useSession();
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Help &amp; Support
      </Title>
      <Card withBorder>
        <Text fw={600}>Call support</Text>
        <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} size="lg">
          {supportPhone}
        </Anchor>
        <Text size="sm" c="dimmed">
          Monday to Saturday, during store hours.
        </Text>
      </Card>
      {session && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Write to support
          </Title>
          <SupportRequestForm userId={session.user.userId} />
        </Card>
      )}
      {session?.activeStore && <MySupportRequests store={session.activeStore} />}
      {session && isPlatformAdmin(session.user.roles) && <SupportInbox />}
    </Stack>
  );
}
