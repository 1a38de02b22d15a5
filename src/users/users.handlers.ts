// Dashboard users (users:manage) and sign-in sessions: signing in is open to anyone (throttled);
// reading and ending the session are authenticated by the session cookie itself.
import type { Handlers, PublicHandlers } from '../shared/handlers.js';
import { livemodeOf } from '../shared/livemode.js';
import { renderPage } from '../shared/pagination.js';
import * as sessions from './sessions.service.js';
import * as users from './users.service.js';

export const handlers: PublicHandlers<'createSession'> &
  Handlers<
    'getCurrentSession' | 'updateCurrentSession' | 'deleteCurrentSession' | 'changeOwnPassword' | 'createUser' | 'listUsers' | 'getUser' | 'updateUser' | 'deleteUser' | 'resetUserPassword'
  > = {
  async createSession({ body }, ctx) {
    const { live, token } = await sessions.signIn(ctx, body);
    return {
      status: 201,
      body: sessions.renderSession(live),
      headers: {
        'Set-Cookie': sessions.sessionCookie(token, { secure: ctx.settings.production, maxLifetimeMs: sessions.sessionPolicyOf(ctx.settings).maxLifetimeMs }),
        Location: '/v1/sessions/current',
        'Cache-Control': 'no-store',
      },
    };
  },
  async getCurrentSession(_input, ctx) {
    return { status: 200, body: sessions.renderSession(await sessions.currentSession(ctx)), headers: { 'Cache-Control': 'no-store' } };
  },
  async updateCurrentSession({ body }, ctx) {
    return { status: 200, body: sessions.renderSession(await sessions.switchMode(ctx, body.livemode)), headers: { 'Cache-Control': 'no-store' } };
  },
  async deleteCurrentSession(_input, ctx) {
    const session = await sessions.signOut(ctx);
    return {
      status: 200,
      body: { id: session.id, object: 'session', livemode: session.livemode, deleted: true },
      headers: { 'Set-Cookie': sessions.sessionCookie(null, { secure: ctx.settings.production }) },
    };
  },
  async changeOwnPassword({ body }, ctx) {
    return { status: 200, body: users.renderUser(await users.changeOwnPassword(ctx, body)), headers: { 'Cache-Control': 'no-store' } };
  },
  async createUser({ body }, ctx) {
    users.assertLiveMode(ctx);
    const { user, initialPassword } = await users.createUser(ctx, body);
    return { status: 201, body: users.renderUser(user, initialPassword), headers: { Location: `/v1/users/${user.id}` } };
  },
  async listUsers({ query }, ctx) {
    users.assertLiveMode(ctx);
    return { status: 200, body: renderPage(await users.listUsers(ctx, query), (u) => users.renderUser(u)) };
  },
  async getUser({ params }, ctx) {
    users.assertLiveMode(ctx);
    return { status: 200, body: users.renderUser(await users.findUser(ctx, params.user_id)) };
  },
  async updateUser({ params, body }, ctx) {
    users.assertLiveMode(ctx);
    return { status: 200, body: users.renderUser(await users.updateUser(ctx, params.user_id, body)) };
  },
  async deleteUser({ params }, ctx) {
    users.assertLiveMode(ctx);
    await users.deleteUser(ctx, params.user_id);
    return { status: 200, body: { id: params.user_id, object: 'user', livemode: livemodeOf(ctx.principal.accountId), deleted: true } };
  },
  async resetUserPassword({ params }, ctx) {
    users.assertLiveMode(ctx);
    const { user, password } = await users.resetUserPassword(ctx, params.user_id);
    return { status: 200, body: users.renderUser(user, password), headers: { 'Cache-Control': 'no-store' } };
  },
};
