import { Migration } from '@mikro-orm/migrations';
import { resealEndpointSecrets } from '../../webhooks/endpoint-secrets.js';

/** Webhook signing secrets stored as issued are sealed under the secrets key (SECRETS_KEY). */
export class Migration20261123000032_seal_webhook_secrets extends Migration {
  override async up(): Promise<void> {
    await resealEndpointSecrets((sql, params) => this.execute(sql, params));
  }
}
