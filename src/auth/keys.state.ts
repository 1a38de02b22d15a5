// Revocation of API keys and OAuth clients as tables: a credential is active until revoked, once.
import { stateMachine } from '../shared/state-machine.js';

/** A credential's status, derived from its `revoked_at`. */
export const credentialStatus = (c: { revokedAt?: Date | null }): 'active' | 'revoked' => (c.revokedAt ? 'revoked' : 'active');

export const apiKeyLifecycle = stateMachine('API key', {
  revoke: { from: ['active'], to: 'revoked', verb: 'revoked', audit: 'api_key.revoked' },
});

export const oauthClientLifecycle = stateMachine('OAuth client', {
  revoke: { from: ['active'], to: 'revoked', verb: 'revoked', audit: 'oauth_client.revoked' },
});
