import { Alert, Button, NativeSelect, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import type { ContactForm, ContactFormSubmission } from '../../contract/contact-form.ts';
import { inquiryTypes, type contactMethods } from '../../contract/enum-values.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths, publicPagePaths } from '../../contract/routes.ts';
import { contactFormProblems } from '../../domain/messages/contact-form.ts';
import { NetworkError } from '../../http/api-client.ts';
import { problemOf } from '../../http/problem-of.ts';
import { LoadingPage, NotValidPage, PublicFrame, UnreachablePage } from './public-frame.tsx';
import { publicApi } from './public-api.ts';
import { usePublicParam } from './public-route.ts';
import { usePublicResource } from './use-public-resource.ts';

type ContactMethod = (typeof contactMethods.values)[number];
interface Draft {
  name: string;
  phoneNumber: string;
  email: string;
  preferredContactMethod: ContactMethod;
  customerInquiryType: ContactFormSubmission['customerInquiryType'];
  storeServiceId: string | null;
  content: string;
  /** The token of a form sent but not confirmed: sent again with it, the store keeps one message. */
  formToken?: string;
}
const emptyDraft: Draft = {
  name: '',
  phoneNumber: '',
  email: '',
  preferredContactMethod: 'Phone',
  customerInquiryType: 'GeneralQuestion',
  storeServiceId: null,
  content: '',
};
const maxContent = 2000;
const replyWords: Record<ContactMethod, string> = { Phone: 'call you', Sms: 'text you', Email: 'email you' };

type Sending =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'waitingForNetwork' }
  | { state: 'sent'; replyBy: ContactMethod }
  | { state: 'problem'; words: string };

/**
 * A store's contact form (issue: messaging), public, phone first. What the customer types is kept on their
 * device until the store has it: a reload or a lost connection loses nothing, and a message that could not go
 * is sent again by itself once the connection is back. Sending the same form twice stores it once.
 */
export function ContactUsPage() {
  const contactFormId = usePublicParam('contactFormId');
  const path = fillPath(apiPaths.contactForm, { contactFormId });
  // Each reading hands out a fresh form (a new token): on opening, on Try again, and after a refused token.
  const { loaded, refresh, retry } = usePublicResource<ContactForm>(path);
  const [draft, setDraft] = useLocalStorage<Draft>({ key: `alltrac-contact-draft:${contactFormId}`, defaultValue: emptyDraft, getInitialValueInEffect: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [website, setWebsite] = useState('');

  const send = useCallback(
    async (form: ContactForm) => {
      const problems = contactFormProblems(draft, form.store.texts);
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, words]) => [field, words[0]!])));
      if (Object.keys(problems).length > 0) return;
      setSending({ state: 'sending' });
      const formToken = draft.formToken ?? form.formToken;
      setDraft((d) => ({ ...d, formToken }));
      const body: ContactFormSubmission = {
        ...draft,
        email: draft.email.trim() || null,
        phoneNumber: draft.phoneNumber.trim() || null,
        formToken,
        ...(website ? { website } : {}),
      };
      try {
        const answer = await publicApi().request('POST', path, { body });
        if (answer.status === 200 || answer.status === 201) {
          setDraft(emptyDraft);
          return setSending({ state: 'sent', replyBy: body.preferredContactMethod });
        }
        const problem = problemOf(answer);
        if (answer.status === 400 && problem.errors) {
          setErrors(Object.fromEntries(Object.entries(problem.errors).map(([field, words]) => [field, words[0]!])));
          return setSending({ state: 'idle' });
        }
        // A form open too long, or sent back too fast: a fresh one is ready for the next Send.
        if (answer.status === 422) {
          setDraft((d) => ({ ...d, formToken: undefined }));
          refresh();
        }
        const words =
          answer.status === 429
            ? 'You have sent several messages in a short time. Please wait a few minutes, or call the store.'
            : answer.status >= 500
              ? 'Something went wrong on our side. Your message is kept here: try again in a moment.'
              : (problem.detail ?? problem.title);
        setSending({ state: 'problem', words });
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        setSending({ state: 'waitingForNetwork' });
      }
    },
    [draft, path, refresh, setDraft, website],
  );

  // Back online: the message that could not go is sent by itself.
  useEffect(() => {
    if (sending.state !== 'waitingForNetwork' || loaded.state !== 'ready') return;
    const again = () => void send(loaded.value);
    window.addEventListener('online', again);
    const timer = window.setInterval(again, 15_000);
    return () => {
      window.removeEventListener('online', again);
      window.clearInterval(timer);
    };
  }, [sending.state, loaded, send]);

  if (loaded.state === 'loading') return <LoadingPage label="Loading the form" />;
  if (loaded.state === 'missing') {
    return <NotValidPage title="This contact form is not available">Check the link on the store's website, or call the store.</NotValidPage>;
  }
  if (loaded.state === 'unreachable') return <UnreachablePage what="the form" onRetry={retry} />;
  const form = loaded.value;
  if (sending.state === 'sent') {
    return (
      <PublicFrame storeName={form.store.name} storePhone={form.store.phoneNumber}>
        <Stack gap="xs" role="status">
          <Title order={1} size="h3">
            Thank you!
          </Title>
          <Text>
            {form.store.name} has your message and will {replyWords[sending.replyBy]} soon.
          </Text>
        </Stack>
      </PublicFrame>
    );
  }
  const edit = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const methods = [
    { value: 'Phone', label: 'Call me' },
    ...(form.store.texts ? [{ value: 'Sms', label: 'Text me' }] : []),
    { value: 'Email', label: 'Email me' },
  ];
  const busy = sending.state === 'sending';
  return (
    <PublicFrame storeName={form.store.name} storePhone={form.store.phoneNumber}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send(form);
        }}
      >
        <Stack gap="sm">
          <Title order={1} size="h3">
            Send us a message
          </Title>
          {form.store.address && (
            <Text size="sm" c="dimmed">
              {form.store.address}
            </Text>
          )}
          {form.store.books && (
            <Button component="a" variant="light" size="md" href={fillPath(publicPagePaths.booking, { contactFormId })}>
              Want an appointment? Book a time online
            </Button>
          )}
          <TextInput
            size="md"
            label="Your name"
            autoComplete="name"
            required
            value={draft.name}
            error={errors.name || undefined}
            onChange={(e) => edit('name', e.currentTarget.value)}
          />
          <Stack gap={4}>
            <Text fw={500} id="reply-by">
              How should we answer?
            </Text>
            <SegmentedControl
              aria-labelledby="reply-by"
              fullWidth
              size="md"
              data={methods}
              value={methods.some((m) => m.value === draft.preferredContactMethod) ? draft.preferredContactMethod : 'Phone'}
              onChange={(v) => edit('preferredContactMethod', v as ContactMethod)}
            />
            {errors.preferredContactMethod && (
              <Text size="sm" c="error">
                {errors.preferredContactMethod}
              </Text>
            )}
          </Stack>
          <TextInput
            size="md"
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={draft.phoneNumber}
            error={errors.phoneNumber || undefined}
            required={draft.preferredContactMethod !== 'Email'}
            onChange={(e) => edit('phoneNumber', e.currentTarget.value)}
          />
          <TextInput
            size="md"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={draft.email}
            error={errors.email || undefined}
            required={draft.preferredContactMethod === 'Email'}
            onChange={(e) => edit('email', e.currentTarget.value)}
          />
          {/* The phone's own pickers: a customer's phone knows how to show a list, and a combobox would cost the page a
              third of its script (docs/decisions/shell-and-pwa.md, "The customers' pages' weight"). */}
          <NativeSelect
            size="md"
            label="What is it about?"
            value={draft.customerInquiryType}
            data={inquiryTypes.values.map((v) => ({ value: v, label: inquiryTypes.label(v) }))}
            onChange={(e) => edit('customerInquiryType', e.currentTarget.value as Draft['customerInquiryType'])}
          />
          {form.services.length > 0 && (
            <NativeSelect
              size="md"
              label="Which service? (optional)"
              value={draft.storeServiceId ?? ''}
              error={errors.storeServiceId || undefined}
              data={[{ value: '', label: 'No particular service' }, ...form.services.map((s) => ({ value: s.storeServiceId, label: s.name }))]}
              onChange={(e) => edit('storeServiceId', e.currentTarget.value || null)}
            />
          )}
          <Textarea
            size="md"
            label="Your message"
            required
            autosize
            minRows={4}
            maxLength={maxContent}
            value={draft.content}
            error={errors.content || undefined}
            description={`${draft.content.length} of ${maxContent} characters`}
            onChange={(e) => edit('content', e.currentTarget.value)}
          />
          {/* People never see this field; a bot that fills every field fills it too. */}
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label>
              Leave this empty
              <input name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} />
            </label>
          </div>
          {sending.state === 'waitingForNetwork' && (
            <Alert color="yellow" role="status">
              Not sent yet: there is no connection. Your message is kept on this phone and goes as soon as you are back online.
            </Alert>
          )}
          {sending.state === 'problem' && (
            <Alert color="error" role="alert">
              {sending.words}
            </Alert>
          )}
          <Button type="submit" size="md" loading={busy || sending.state === 'waitingForNetwork'}>
            Send message
          </Button>
        </Stack>
      </form>
    </PublicFrame>
  );
}
