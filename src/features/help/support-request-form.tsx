import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { createSupportRequestSchema } from '../../contract/writes.ts';
import { syncClient } from '../../sync/sync-client.ts';

interface Draft {
  subject: string;
  message: string;
  callbackPhone: string;
}
const emptyDraft: Draft = { subject: '', message: '', callbackPhone: '' };
type FieldErrors = Partial<Record<keyof Draft, string>>;

/**
 * A message to platform support. The draft is kept on the device as it is typed (a reload or a trip to
 * another screen loses nothing); sending saves it in the outbox, so it reaches support once the app is online.
 */
export function SupportRequestForm({ userId }: { userId: string }) {
  const [draft, setDraft] = useLocalStorage<Draft>({ key: `alltrac-support-draft:${userId}`, defaultValue: emptyDraft, getInitialValueInEffect: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const edit = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = createSupportRequestSchema.safeParse({
      supportRequestId: crypto.randomUUID(),
      subject: draft.subject,
      message: draft.message,
      callbackPhone: draft.callbackPhone.trim() || null,
    });
    if (!parsed.success) {
      const found: FieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
      setErrors(found);
      // Keyboard and screen-reader users land on the first field to fix.
      const first = (
        [
          ['subject', subjectRef],
          ['message', messageRef],
          ['callbackPhone', phoneRef],
        ] as const
      ).find(([field]) => found[field]);
      first?.[1].current?.focus();
      return;
    }
    setSending(true);
    try {
      await syncClient().sendSupportRequest(parsed.data);
      setDraft(emptyDraft);
      setOutcome({
        ok: true,
        text: navigator.onLine
          ? 'Your message is on its way to support. They answer by email or phone.'
          : 'Your message is saved on this device and goes to support as soon as the app is back online.',
      });
    } catch (failure) {
      setOutcome({ ok: false, text: `Your message was not saved: ${(failure as Error).message}` });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void send(e)} noValidate>
      <Stack>
        <TextInput ref={subjectRef} label="Subject" required value={draft.subject} onChange={edit('subject')} error={errors.subject} maxLength={200} />
        <Textarea
          ref={messageRef}
          label="Message"
          required
          autosize
          minRows={5}
          maxRows={14}
          value={draft.message}
          onChange={edit('message')}
          error={errors.message}
          description="What happened, on which screen, and what you expected."
        />
        <TextInput
          ref={phoneRef}
          label="Phone for a call back"
          type="tel"
          value={draft.callbackPhone}
          onChange={edit('callbackPhone')}
          error={errors.callbackPhone}
          description="Optional. Support writes to your email address otherwise."
          maxLength={30}
        />
        {outcome && (
          <Alert color={outcome.ok ? 'secondary' : 'error'} role="status">
            {outcome.text}
          </Alert>
        )}
        <Button type="submit" loading={sending} w="fit-content">
          Send to support
        </Button>
      </Stack>
    </form>
  );
}
