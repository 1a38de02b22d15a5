// Credentials end with their maker under parallel load too: a burst of key and OAuth-client
// creations made with a credential while that credential is revoked (or its user disabled or taken
// down) leaves nothing alive behind it. Each creation either commits before the revocation (which
// then revokes what it made) or is refused after it; none slips in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKey, OAuthClient } from '../src/auth/auth.entities.js';
import { backends, type Backend } from './support/databases.js';
import { startHarness, type Harness, type Reply } from './support/harness.js';

type Json = Record<string, any>;
const BURST = 24;
const ROUNDS = 3;

describe.each(backends())('credentials made in a burst while their maker ends, on %s', (backend: Backend) => {
  let h: Harness;
  let owner: string;
  let n = 0;
  beforeAll(async () => {
    h = await startHarness(backend);
    owner = await h.key('races', 'all');
  });
  afterAll(() => h.close());
  const ok = <T = Json>(r: Reply, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };

  /** The credentials (keys and clients) made by `maker` that are still not revoked. */
  async function alive(maker: string): Promise<string[]> {
    const em = h.database.db.em();
    const keys = await em.find(ApiKey, { createdBy: maker, revokedAt: null });
    const clients = await em.find(OAuthClient, { createdBy: maker, revokedAt: null });
    return [...keys, ...clients].map((c) => c.id);
  }

  /**
   * Fires a burst of key and client creations with `as` and, once the first of them has started, `end`
   * (the revocation). Answers the creations' replies.
   */
  async function burst(as: { key: string | null; headers?: Record<string, string> }, end: () => Promise<Reply>): Promise<Reply[]> {
    const creations = Array.from({ length: BURST }, (_, i) =>
      h.call('POST', i % 2 ? '/v1/oauth_clients' : '/v1/api_keys', { ...as, body: { name: `burst ${i}`, scopes: ['orders:read'] } }),
    );
    const ended = new Promise<Reply>((resolve) => setTimeout(() => resolve(end()), 5 + (n % 4) * 5));
    const [replies, revocation] = await Promise.all([Promise.all(creations), ended]);
    ok(revocation);
    for (const r of replies) expect([201, 401, 403], r.text).toContain(r.status);
    return replies;
  }

  it('revokes every key and client a revoked key made, even those made while it was being revoked', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      n++;
      const leaked = ok(await h.call('POST', '/v1/api_keys', { key: owner, body: { name: `leaked ${n}`, scopes: ['orders:read', 'keys:manage'] } }), 201);
      const replies = await burst({ key: leaked.secret }, () => h.call('POST', `/v1/api_keys/${leaked.id}/revoke`, { key: owner }));
      expect(await alive(leaked.id), `round ${round}: ${replies.filter((r) => r.status === 201).length} made`).toEqual([]);
      for (const r of replies.filter((x) => x.status === 201 && x.body.object === 'api_key')) {
        expect((await h.call('GET', '/v1/orders?limit=1', { key: r.body.secret })).status).toBe(401);
      }
    }
  });

  it("revokes every key and client a disabled user made, even those made while the user was being disabled", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      n++;
      const user = ok(await h.call('POST', '/v1/users', { key: owner, body: { email: `dev.${backend}.${n}@races.example`, role: 'developer' } }), 201);
      const r = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: user.initial_password } });
      ok(r, 201);
      const session = { key: null, headers: { Cookie: r.headers.get('set-cookie')!.split(';')[0]!, 'X-CSRF-Token': r.body.csrf_token as string } };
      await burst(session, () => h.call('PATCH', `/v1/users/${user.id}`, { key: owner, body: { disabled: true } }));
      expect(await alive(user.id), `round ${round}`).toEqual([]);
    }
  });

  it('revokes what a user made beyond a new role, even while the role was being taken down', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      n++;
      const user = ok(await h.call('POST', '/v1/users', { key: owner, body: { email: `admin.${backend}.${n}@races.example`, role: 'admin' } }), 201);
      const r = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: user.initial_password } });
      ok(r, 201);
      const session = { key: null, headers: { Cookie: r.headers.get('set-cookie')!.split(';')[0]!, 'X-CSRF-Token': r.body.csrf_token as string } };
      const made = Array.from({ length: BURST }, (_, i) => h.call('POST', '/v1/api_keys', { ...session, body: { name: `books ${i}`, scopes: ['accounting:read'] } }));
      const demoted = new Promise<Reply>((resolve) => setTimeout(() => resolve(h.call('PATCH', `/v1/users/${user.id}`, { key: owner, body: { role: 'developer' } })), 5 + round * 5));
      const [replies, demotion] = await Promise.all([Promise.all(made), demoted]);
      ok(demotion);
      for (const x of replies) expect([201, 403], x.text).toContain(x.status);
      expect(await alive(user.id), `round ${round}`).toEqual([]);
    }
  });
});
