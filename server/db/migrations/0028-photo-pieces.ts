import { sql, type Kysely } from 'kysely';

/**
 * A photo's pieces are stored apart as they arrive and joined once, when the last one comes (issue 24 item 9):
 * appending each piece to one bytea rewrote the whole photo every time (64 KiB pieces of a 4 MiB photo left
 * 135 MiB behind). An upload under way keeps what it had, as its first piece.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table inspection_photo_pieces (
    inspection_photo_id uuid not null references inspection_photos(inspection_photo_id),
    start_byte integer not null,
    bytes bytea not null,
    primary key (inspection_photo_id, start_byte))`.execute(db);
  await sql`insert into inspection_photo_pieces (inspection_photo_id, start_byte, bytes)
    select c.inspection_photo_id, 0, c.bytes from inspection_photo_contents c join inspection_photos p on p.inspection_photo_id = c.inspection_photo_id
    where c.received > 0 and c.received < p.byte_size`.execute(db);
  await sql`update inspection_photo_contents c set bytes = ''::bytea from inspection_photos p
    where p.inspection_photo_id = c.inspection_photo_id and c.received < p.byte_size`.execute(db);
}
