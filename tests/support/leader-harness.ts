import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { GlobalDb } from '../../src/db/global-db.ts';
import { replicaStoreIds, StoreDb, type ReplicaOwner } from '../../src/db/store-db.ts';
import { ApiClient } from '../../src/http/api-client.ts';
import { identityOf, type Identity, type Renewal } from '../../workers/identity.ts';
import { SyncLeader } from '../../workers/leader.ts';
import { adoptLegacyReplicas } from '../../workers/legacy-replicas.ts';
import { orderClock } from '../../workers/outbox-order.ts';
import { SyncEngine } from '../../workers/sync-engine.ts';
import type { SyncStatus } from '../../workers/sync-worker-api.ts';
import { FaultyNetwork } from './sync-harness.ts';

/**
 * One browser profile's sync leader, as the worker runs it, on fake IndexedDB against a real server: who is
 * signed in is the token a test gives it, and `renew` stands for the page's refresh-token renewal.
 */
export class LeaderDevice {
  readonly indexedDB = new IDBFactory();
  readonly globalDb = new GlobalDb({ indexedDB: this.indexedDB, IDBKeyRange });
  readonly network = new FaultyNetwork();
  readonly statuses: SyncStatus[] = [];
  readonly leader: SyncLeader;
  private readonly order = orderClock();
  private readonly dbs: StoreDb[] = [];
  identity: Identity | null = null;
  renewals = 0;
  /** Users whose sign-in the server ended, as the tabs were told. */
  readonly sessionsEnded: string[] = [];

  /** `renew` answers a new token, a Renewal (a refusal, say), or null for a renewal nobody answered. */
  constructor(
    private readonly serverUrl: string,
    private readonly renew: () => Promise<string | Renewal | null> = async () => null,
  ) {
    this.leader = new SyncLeader({
      serverUrl,
      production: true,
      globalDb: this.globalDb,
      identity: () => this.identity,
      renewToken: async () => {
        this.renewals++;
        const answer = await this.renew();
        const renewal: Renewal = answer === null ? { unanswered: 'Not renewed in this test' } : typeof answer === 'string' ? { token: answer } : answer;
        if ('token' in renewal) {
          this.identity = identityOf(renewal.token);
          await this.leader.tokenChanged();
        }
        return renewal;
      },
      // As the worker: every tab of the profile lets go of the user the server signed out.
      letGoOf: async (userId) => {
        if (this.identity?.userId === userId) this.identity = null;
        await this.leader.tokenChanged();
      },
      sessionEnded: (userId) => {
        this.sessionsEnded.push(userId);
      },
      publish: (status) => this.statuses.push(status),
      online: () => !this.network.offline,
      openStoreDb: (owner, durability) => this.open(owner, durability),
      replicaStoreIds: (userId) => replicaStoreIds(userId, this.indexedDB),
      order: this.order,
      adoptLegacyReplicas: (userId) => adoptLegacyReplicas(this.globalDb, userId, { indexedDB: this.indexedDB, IDBKeyRange }),
      fetch: this.network.fetch,
    });
  }

  open(owner: ReplicaOwner, durability: 'strict' | 'default' = 'default'): StoreDb {
    const db = new StoreDb(owner, { durability, indexedDB: this.indexedDB, IDBKeyRange });
    this.dbs.push(db);
    return db;
  }

  /** Signs `token`'s user in on this profile (or out, with null) and lets the leader finish its rounds. */
  async signIn(token: string | null): Promise<void> {
    this.identity = identityOf(token);
    await this.leader.tokenChanged();
    await this.leader.settled();
  }

  /** A change queued as a tab's worker queues it, for the signed-in user at a store. */
  engine(storeId: number): SyncEngine {
    const owner = { userId: this.identity!.userId, storeId };
    const api = new ApiClient({ baseUrl: this.serverUrl, storeId, accessToken: () => this.identity?.accessToken ?? null, fetch: this.network.fetch });
    return new SyncEngine({ db: this.open(owner), strictDb: this.open(owner, 'strict'), api, order: this.order });
  }

  async sync(): Promise<void> {
    this.leader.kick();
    await this.leader.settled();
  }

  get status(): SyncStatus | undefined {
    return this.statuses.at(-1);
  }

  async close(): Promise<void> {
    await this.leader.stop();
    for (const db of this.dbs) db.close();
  }
}
