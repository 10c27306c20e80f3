import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLifebuoy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAppServices } from '../app-services.ts';

/**
 * The help-desk popup titled Support (spec section 2), one click away on every screen. Its button lives in
 * the shell's footer, not floating over the page: a floating button covered fields, the save bar and the
 * appointment panel's buttons wherever they passed under it, on phones most of all.
 */
export function SupportWidget() {
  const { supportPhone } = useAppServices();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        size="xs"
        leftSection={<IconLifebuoy size={16} />}
        radius="xl"
        variant="filled"
        color="secondary.8"
        onClick={open}
        aria-haspopup="dialog"
        style={{ flexShrink: 0 }}
      >
        Support
      </Button>
      <Modal opened={opened} onClose={close} title="Support" centered>
        <Stack>
          <Text>Call platform support:</Text>
          <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} size="lg" fw={600}>
            {supportPhone}
          </Anchor>
          <Anchor component={Link} to="/alltracContactUs" onClick={close}>
            Help &amp; Support
          </Anchor>
        </Stack>
      </Modal>
    </>
  );
}
