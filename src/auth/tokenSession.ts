// A created API token becomes the connection's: the session keeps its value (in
// SecretStorage), and the token it replaces goes when this editor created it.
import { randomUUID } from 'node:crypto';
import type { Connection } from '../connection';
import type { SessionStore, StoredSession } from '../sessionStore';

export async function useToken(connection: Connection, store: SessionStore, session: StoredSession, created: { id: string; token: string }): Promise<void> {
  const previousTokenId = session.tokenId;
  await store.put({ ...session, id: randomUUID(), token: created.token, tokenId: created.id, createdAt: new Date().toISOString() });
  // The replaced token was created by this editor for this editor: nobody else uses it.
  if (previousTokenId && session.method !== 'token') await connection.api().auth.revokeToken(previousTokenId).catch(() => undefined);
}
