import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * Asks before a step that leaves something undone (an inspection with items not inspected, work completed while
 * the inspection is open): says what is left, and goes on only when the technician says so. The safe answer is
 * the default one, so a stray tap with gloves on changes nothing.
 */
export function AskFirst({
  title,
  question,
  go,
  stay,
  onGo,
  onStay,
}: {
  title: string;
  question: string | null;
  go: string;
  stay: string;
  onGo(): void;
  onStay(): void;
}) {
  return (
    <Modal opened={question !== null} onClose={onStay} title={title} centered>
      <Text>{question}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" size="md" onClick={onStay} data-autofocus>
          {stay}
        </Button>
        <Button size="md" onClick={onGo}>
          {go}
        </Button>
      </Group>
    </Modal>
  );
}
