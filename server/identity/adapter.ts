import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connect.ts';

/**
 * oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions) in the database, so a
 * restart signs nobody out and several processes share one identity state.
 */
export function databaseAdapter(db: Db): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        consumedAt: null,
      };
      await db
        .insertInto('oidcPayloads')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt: row.expiresAt,
          }),
        )
        .execute();
    }

    private async findBy(column: 'id' | 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidcPayloads')
        .select(['payload', 'expiresAt', 'consumedAt'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expiresAt && Date.parse(row.expiresAt) < Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(Date.parse(row.consumedAt) / 1000) } : payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findBy('userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidcPayloads').set({ consumedAt: new Date().toISOString() }).where('model', '=', this.model).where('id', '=', id).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidcPayloads').where('model', '=', this.model).where('id', '=', id).execute();
    }

    /**
     * The tokens and codes issued under a grant. Not an interaction that names the grant: switching accounts
     * on a shared device revokes the last user's grant in the middle of the next user's sign-in, whose
     * interaction must survive it.
     */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidcPayloads').where('grantId', '=', grantId).where('model', 'not in', ['Interaction', 'Session']).execute();
    }
  };
}
