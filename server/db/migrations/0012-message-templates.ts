import { sql, type Kysely } from 'kysely';

/**
 * A store's own words for its message templates (issue: messaging), replicated to the front counter: a reply
 * picks its template on the device, offline too. A type without a row uses the default words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table message_templates (
    store_id integer not null references store_locations(id),
    template_type text not null,
    sms_text text not null,
    email_subject text not null,
    email_text text not null,
    company_id integer not null references companies(id),
    version bigint not null, deleted boolean not null default false,
    changed_by uuid, changed_by_name text, changed_at timestamptz,
    primary key (store_id, template_type))`.execute(db);
  await sql`create index message_templates_company_version on message_templates (company_id, version)`.execute(db);
}
