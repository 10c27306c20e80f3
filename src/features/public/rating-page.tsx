import { Anchor, Button, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RatingRequest } from '../../contract/rating-request.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths } from '../../contract/routes.ts';
import { dateFormats } from '../../domain/calendar/date-format.ts';
import { NetworkError } from '../../http/api-client.ts';
import { problemOf } from '../../http/problem-of.ts';
import { LoadingPage, NotValidPage, PublicFrame, UnreachablePage } from './public-frame.tsx';
import { publicApi } from './public-api.ts';
import { ratingLinkVisit, usePublicQuery } from './public-route.ts';
import { usePublicResource } from './use-public-resource.ts';

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'waitingForNetwork' } | { state: 'sent' } | { state: 'problem'; words: string };
/** What the customer chose; `sending` once they pressed Send, until the store has it (a reload sends it again). */
interface Draft {
  score: number;
  comment: string;
  sending?: boolean;
}
const starWords = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * The customer's rating page (route /rating, named servicerating), reached from a text link that names the
 * visit: one to five stars and a comment, phone first. The rating is kept on the phone until the store has
 * it and sent again by itself when the connection comes back; rating again changes it. The store's review
 * links are offered to every customer, whatever the score: no review gating.
 */
export function RatingPage() {
  const visit = ratingLinkVisit(usePublicQuery());
  const path = fillPath(apiPaths.ratingRequest, { visitId: visit ?? '' });
  const { loaded, setLoaded, retry } = usePublicResource<RatingRequest>(visit ? path : null);
  const [draft, setDraft] = useLocalStorage<Draft | null>({ key: `alltrac-rating-draft:${visit ?? ''}`, defaultValue: null, getInitialValueInEffect: false });
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [scoreMissing, setScoreMissing] = useState(false);

  const send = useCallback(
    async (rating: Draft) => {
      setSending({ state: 'sending' });
      try {
        const answer = await publicApi().request('POST', path, { body: { score: rating.score, comment: rating.comment.trim() || null } });
        if (answer.status === 200 || answer.status === 201) {
          setDraft(null);
          setLoaded((l) =>
            l.state === 'ready' ? { ...l, value: { ...l.value, rating: { score: rating.score, comment: rating.comment.trim() || null } } } : l,
          );
          return setSending({ state: 'sent' });
        }
        if (answer.status === 404) return setLoaded({ state: 'missing' });
        const problem = problemOf(answer);
        setSending({
          state: 'problem',
          words:
            answer.status === 429
              ? 'Too many tries from this phone. Please wait a minute and send it again.'
              : answer.status >= 500
                ? 'Something went wrong on our side. Your rating is kept here: try again in a moment.'
                : (Object.values(problem.errors ?? {})[0]?.[0] ?? problem.detail ?? problem.title),
        });
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        setSending({ state: 'waitingForNetwork' });
      }
    },
    [path, setDraft, setLoaded],
  );

  // Opened again with a rating that was sent but never confirmed (a reload offline): it goes again by itself.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || loaded.state !== 'ready' || !draft?.sending) return;
    resumed.current = true;
    void send(draft);
  }, [loaded.state, draft, send]);

  // Back online: the rating that could not go is sent by itself.
  useEffect(() => {
    if (sending.state !== 'waitingForNetwork' || !draft) return;
    const again = () => void send(draft);
    window.addEventListener('online', again);
    const timer = window.setInterval(again, 15_000);
    return () => {
      window.removeEventListener('online', again);
      window.clearInterval(timer);
    };
  }, [sending.state, draft, send]);

  if (loaded.state === 'missing') {
    return (
      <NotValidPage title="This link is not valid">
        It may have expired: links to rate a visit work for 30 days. If you would like to tell the store about your visit, please call them.
      </NotValidPage>
    );
  }
  if (loaded.state === 'loading') return <LoadingPage label="Loading" />;
  if (loaded.state === 'unreachable') return <UnreachablePage what="this page" onRetry={retry} />;
  const request = loaded.value;
  const shown: Draft = draft ?? { score: request.rating?.score ?? 0, comment: request.rating?.comment ?? '' };
  const visitDay = dateFormats(request.store.timeZone).date(request.visit.date);
  const reviews = request.reviewLinks.length > 0 && (
    <Stack gap={6}>
      <Text size="sm">Would you share your experience with others, too?</Text>
      <Group gap="xs">
        {request.reviewLinks.map((l) => (
          <Button key={l.platform} component="a" href={l.url} target="_blank" rel="noopener" variant="default">
            Review us on {l.platform}
          </Button>
        ))}
      </Group>
    </Stack>
  );

  if (sending.state === 'sent') {
    return (
      <PublicFrame storeName={request.store.name} storePhone={request.store.phoneNumber}>
        <Stack gap="md" role="status">
          <Title order={1} size="h3">
            Thank you!
          </Title>
          <Text>
            {request.store.name} has your rating: {shown.score} of 5 stars.
          </Text>
          {reviews}
          <Anchor component="button" type="button" size="sm" onClick={() => setSending({ state: 'idle' })}>
            Change my rating
          </Anchor>
        </Stack>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame storeName={request.store.name} storePhone={request.store.phoneNumber}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (shown.score < 1) return setScoreMissing(true);
          setDraft({ ...shown, sending: true });
          void send(shown);
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={1} size="h3">
              How was your visit?
            </Title>
            <Text size="sm" c="dimmed">
              {visitDay}
              {request.visit.vehicle ? ` · ${request.visit.vehicle}` : ''}
              {request.visit.services.length > 0 ? ` · ${request.visit.services.join(', ')}` : ''}
            </Text>
          </div>
          {request.rating && !draft && <Text size="sm">You rated this visit {request.rating.score} of 5. You can change your rating.</Text>}
          <Stack gap={4} align="center">
            <Rating
              size={44}
              value={shown.score}
              aria-label="Your rating, one to five stars"
              onChange={(score) => {
                setScoreMissing(false);
                setDraft({ ...shown, score });
              }}
            />
            <Text size="sm" c={scoreMissing ? 'error' : 'dimmed'} aria-live="polite">
              {scoreMissing ? 'Tap the stars to choose one to five' : (starWords[shown.score] ?? '')}
            </Text>
          </Stack>
          <Textarea
            size="md"
            label="Anything you would like to tell us? (optional)"
            autosize
            minRows={3}
            maxLength={2000}
            value={shown.comment}
            onChange={(e) => setDraft({ ...shown, comment: e.currentTarget.value })}
          />
          {sending.state === 'waitingForNetwork' && (
            <Text size="sm" c="yellow.9" role="status">
              Not sent yet: there is no connection. Your rating is kept on this phone and goes as soon as you are back online.
            </Text>
          )}
          {sending.state === 'problem' && (
            <Text size="sm" c="error" role="alert">
              {sending.words}
            </Text>
          )}
          <Button type="submit" size="md" loading={sending.state === 'sending' || sending.state === 'waitingForNetwork'}>
            Send my rating
          </Button>
          {reviews}
        </Stack>
      </form>
    </PublicFrame>
  );
}
