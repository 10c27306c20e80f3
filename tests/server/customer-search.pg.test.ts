import { describe } from 'vitest';
import { searchesOnServer } from '../support/customer-search-on-server.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';

describe.skipIf(postgresUnavailable !== null)('the customers for a new visit, searched on PostgreSQL', () => {
  searchesOnServer(postgresTestApp());
});
