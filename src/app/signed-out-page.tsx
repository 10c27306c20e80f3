import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { SignedOutNotice } from '../db/global-db.ts';

/**
 * What the device shows after the server signed its last person out (they were disabled, or their sign-in
 * ended), until someone signs in: who, why, that their data left the device, and that their unsent changes
 * wait here for them alone. Whoever picks the device up next reads it too, so it names the person.
 */
export function SignedOutPage({ notice, onSignIn }: { notice: SignedOutNotice; onSignIn(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const who = notice.name ?? 'The last person';
  const { waiting } = notice;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          Signed out of this device
        </Title>
        <Alert color="error" role="alert" title={`${who} was signed out`}>
          {notice.reason}
        </Alert>
        <Text>Their customers, schedule and messages were removed from this device.</Text>
        {waiting > 0 && (
          <Text>
            {waiting === 1 ? '1 change' : `${waiting} changes`} made here before then {waiting === 1 ? 'was' : 'were'} not sent.
            {waiting === 1 ? ' It is' : ' They are'} kept on this device, shown to nobody else, and sent once {notice.name ?? 'that person'} signs in here
            again.
          </Text>
        )}
        <Button
          w="fit-content"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void onSignIn().finally(() => setBusy(false));
          }}
        >
          Sign in
        </Button>
      </Stack>
    </Container>
  );
}
