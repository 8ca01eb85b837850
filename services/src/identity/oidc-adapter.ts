import type { Knex } from 'knex';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/** oidc-provider's storage (sessions, interactions, codes, grants, refresh tokens) in one PostgreSQL table,
 * shared by every API process. Expired rows are ignored on read and swept on write. */
export function knexAdapterFactory(knex: Knex): AdapterFactory {
  return (kind: string): Adapter => {
    const table = () => knex('identity_oidc_payloads');
    const live = (query: Knex.QueryBuilder) =>
      query.where({ kind }).andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()));
    const payloadOf = (
      row: { payload: AdapterPayload; consumed_at: Date | null } | undefined,
    ): AdapterPayload | undefined => {
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        await table()
          .insert({
            kind,
            id,
            payload,
            grant_id: payload.grantId ?? null,
            user_code: payload.userCode ?? null,
            uid: payload.uid ?? null,
            expires_at: expiresAt,
          })
          .onConflict(['kind', 'id'])
          .merge(['payload', 'grant_id', 'user_code', 'uid', 'expires_at']);
        if (Math.random() < 0.01)
          await table()
            .where('expires_at', '<', new Date(Date.now() - 3_600_000))
            .delete();
      },
      async find(id) {
        return payloadOf(await live(table().where({ id })).first());
      },
      async findByUid(uid) {
        return payloadOf(await live(table().where({ uid })).first());
      },
      async findByUserCode(userCode) {
        return payloadOf(await live(table().where({ user_code: userCode })).first());
      },
      async consume(id) {
        await table().where({ kind, id }).update({ consumed_at: new Date() });
      },
      async destroy(id) {
        await table().where({ kind, id }).delete();
      },
      async revokeByGrantId(grantId) {
        await table().where({ grant_id: grantId }).delete();
      },
    };
  };
}
