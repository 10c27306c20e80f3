import { Affix, Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAppServices } from '../app-services.ts';

/** The help-desk popup titled Support (spec section 2), one click away on every screen. */
export function SupportWidget() {
  const { supportPhone } = useAppServices();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Affix position={{ bottom: 44, right: 16 }}>
        <Button leftSection={<IconLifebuoy size={18} />} radius="xl" variant="filled" color="secondary" onClick={open} aria-haspopup="dialog">
          Support
        </Button>
      </Affix>
      <Modal opened={opened} onClose={close} title="Support" centered>
        <Stack>
          <Text>Call platform support:</Text>
          <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} size="lg" fw={600}>{supportPhone}</Anchor>
          <Anchor component={Link} to="/alltracContactUs" onClick={close}>Help &amp; Support</Anchor>
        </Stack>
      </Modal>
    </>
  );
}
