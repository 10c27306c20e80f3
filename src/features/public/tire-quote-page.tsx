import { Alert, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { formatCents } from '../../app/money.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths } from '../../contract/routes.ts';
import type { PublicTireQuote, TireQuoteOption } from '../../contract/tire-pricing.ts';
import { calendarDateAt, formatCalendarDate } from '../../domain/calendar/date-format.ts';
import { LoadingPage, NotValidPage, PublicFrame, UnreachablePage } from './public-frame.tsx';
import { usePublicParam } from './public-route.ts';
import { usePublicResource } from './use-public-resource.ts';

/** How wide the page grows on a large screen for 1 to 4 options side by side; a phone stacks them whatever the number. */
const pageWidth = [560, 560, 920, 1200, 1320] as const;
const figures = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The customer's tire quote (route /tire-quotes/{id}, public), opened from the store's text: each option the
 * counter priced, side by side on a wide screen and one under another on a phone, with its lines, subtotal, fees,
 * tax and the out-the-door total, until when the prices hold, and the store to call to book.
 */
export function TireQuotePage() {
  const id = usePublicParam('id');
  const path = fillPath(apiPaths.publicTireQuote, { tireQuoteHashId: id });
  const { loaded, retry } = usePublicResource<PublicTireQuote>(path);
  const storeName = loaded.state === 'ready' ? loaded.value.store.name : null;
  useEffect(() => {
    // The customer's tab names the store, not the staff app.
    if (storeName) document.title = `Tire quote – ${storeName}`;
  }, [storeName]);
  if (loaded.state === 'loading') return <LoadingPage label="Loading the quote" />;
  if (loaded.state === 'missing')
    return <NotValidPage title="This quote is not available">Check the link in the store's message, or call the store for a new quote.</NotValidPage>;
  if (loaded.state === 'unreachable') return <UnreachablePage what="the quote" onRetry={retry} />;
  const quote = loaded.value;
  const count = quote.options.length;
  // The customer's own today: the quote holds through its last day wherever they read it.
  const expired = quote.validUntil < calendarDateAt(new Date());
  return (
    <PublicFrame storeName={quote.store.name} width={pageWidth[count] ?? 1320}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {quote.customerFirstName ? `${quote.customerFirstName}, here is your tire quote` : 'Your tire quote'}
          </Title>
          {quote.vehicle && <Text size="lg">For your {quote.vehicle}</Text>}
          <Text size="sm" c="dimmed">
            Quoted {formatCalendarDate(quote.createdOn)}
          </Text>
        </div>
        {expired ? (
          <Alert color="yellow" title={`This quote ended ${formatCalendarDate(quote.validUntil)}`}>
            Prices may have changed since. Call the store for today's prices.
          </Alert>
        ) : (
          <Text fw={700} size="lg">
            Good through {formatCalendarDate(quote.validUntil)}
          </Text>
        )}
        {count > 1 && <Comparison options={quote.options} />}
        <SimpleGrid
          cols={{ base: 1, sm: Math.min(count, 2), lg: count }}
          spacing="md"
          role="list"
          aria-label={count === 1 ? 'The quote' : 'Options to compare'}
        >
          {quote.options.map((option, index) => (
            <OptionCard key={index} id={optionId(index)} option={option} />
          ))}
        </SimpleGrid>
        <StoreCard store={quote.store} />
      </Stack>
    </PublicFrame>
  );
}

const optionId = (index: number) => `option-${index + 1}`;

/**
 * The options' totals in a row, above them, until the screen is wide enough to set the options themselves side
 * by side: on a phone they are one under another, a long scroll apart. Each opens its option.
 */
function Comparison({ options }: { options: TireQuoteOption[] }) {
  return (
    // Four totals of $1,000 and more do not fit across a phone: two rows of two.
    <SimpleGrid cols={{ base: options.length > 3 ? 2 : options.length, sm: options.length }} spacing="xs" hiddenFrom="lg" aria-label="Totals of the options">
      {options.map((option, index) => (
        <UnstyledButton
          key={index}
          onClick={() => document.getElementById(optionId(index))?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
          aria-label={`${option.name}: ${formatCents(option.totalInCents)}, see what it includes`}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', padding: '8px 10px', minWidth: 0 }}
        >
          <Text size="xs" c="dimmed" truncate>
            {option.name}
          </Text>
          <Text fw={800} style={figures}>
            {formatCents(option.totalInCents)}
          </Text>
          {option.perTireInCents !== null && (
            <Text size="xs" c="dimmed" style={figures}>
              {formatCents(option.perTireInCents)}/tire
            </Text>
          )}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

function Amount({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={figures}>
        {formatCents(cents)}
      </Text>
    </Group>
  );
}

/** One option: the out-the-door total first (what a customer compares), then how it adds up. */
function OptionCard({ id, option }: { id: string; option: TireQuoteOption }) {
  return (
    <Card
      id={id}
      withBorder
      radius="md"
      padding="md"
      role="listitem"
      style={{ scrollMarginTop: 12 }}
      aria-label={`${option.name}: ${formatCents(option.totalInCents)} out the door`}
    >
      <Stack gap="xs">
        <Title order={2} size="h4">
          {option.name}
        </Title>
        <div>
          <Text fz={36} fw={800} lh={1.1} style={figures}>
            {formatCents(option.totalInCents)}
          </Text>
          <Text size="sm" c="dimmed">
            out the door
            {option.perTireInCents !== null && (
              <>
                {' '}
                ·{' '}
                <Text span fw={600} c="var(--mantine-color-text)">
                  {formatCents(option.perTireInCents)}
                </Text>{' '}
                per tire
              </>
            )}
          </Text>
        </div>
      </Stack>
      <Divider my="sm" />
      <Stack gap={8} style={{ flex: 1 }} role="list" aria-label={`${option.name}: what it includes`}>
        {option.lines.map((line, index) => (
          <Group key={index} justify="space-between" wrap="nowrap" align="flex-start" gap="sm" role="listitem">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.description}
              </Text>
              <Text size="xs" c="dimmed" style={figures}>
                {line.quantity} × {formatCents(line.unitInCents)}
              </Text>
            </div>
            <Text size="sm" style={figures}>
              {formatCents(line.totalInCents)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider my="sm" />
      <Stack gap={4}>
        <Amount label="Subtotal" cents={option.subtotalInCents} />
        {option.feesInCents > 0 && <Amount label="Tire fees" cents={option.feesInCents} />}
        <Amount label="Sales tax" cents={option.taxInCents} />
        <Amount label="Total" cents={option.totalInCents} strong />
      </Stack>
    </Card>
  );
}

/** Where to book: the store, its address, and its number to tap. */
function StoreCard({ store }: { store: PublicTireQuote['store'] }) {
  return (
    <Card withBorder radius="md" padding="md" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Text fw={700}>Ready to book? Call {store.name}</Text>
          {store.address && (
            <Text size="sm" c="dimmed">
              {store.address}
            </Text>
          )}
        </div>
        {store.phoneNumber && (
          <Button component="a" href={`tel:${store.phoneNumber.replace(/[^\d+]/g, '')}`} size="md" w={{ base: '100%', sm: 'auto' }}>
            Call {store.phoneNumber}
          </Button>
        )}
      </Group>
    </Card>
  );
}
