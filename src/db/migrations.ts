// Every migration, in order, for the migrator (@mikro-orm/migrations): loaded by src/db/orm.ts only
// when one is pending (or on the embedded database), so a process started on an up-to-date database
// never holds their text.
export { Migrator } from '@mikro-orm/migrations';
import { Migration20261122000001_foundation } from './migrations/Migration20261122000001_foundation.js';
import { Migration20261122000002_webhooks } from './migrations/Migration20261122000002_webhooks.js';
import { Migration20261122000003_carriers } from './migrations/Migration20261122000003_carriers.js';
import { Migration20261122000004_platform } from './migrations/Migration20261122000004_platform.js';
import { Migration20261123000001_attempt_error_detail } from './migrations/Migration20261123000001_attempt_error_detail.js';
import { Migration20261123000006_users } from './migrations/Migration20261123000006_users.js';
import { Migration20261123000010_accounting } from './migrations/Migration20261123000010_accounting.js';
import { Migration20261123000020_webhook_isolation } from './migrations/Migration20261123000020_webhook_isolation.js';
import { Migration20261123000031_audit_log_filters } from './migrations/Migration20261123000031_audit_log_filters.js';
import { Migration20261123000032_seal_webhook_secrets } from './migrations/Migration20261123000032_seal_webhook_secrets.js';
import { Migration20261123000040_rate_limit_window } from './migrations/Migration20261123000040_rate_limit_window.js';
import { Migration20261123000050_claim_plan_cached } from './migrations/Migration20261123000050_claim_plan_cached.js';
import { Migration20261123000060_delivery_due_order } from './migrations/Migration20261123000060_delivery_due_order.js';
import { Migration20261123000070_parallel_claims } from './migrations/Migration20261123000070_parallel_claims.js';
import { Migration20261126000010_rate_limit_constant_state } from './migrations/Migration20261126000010_rate_limit_constant_state.js';
import { Migration20261126000020_partitioned_delivery_log } from './migrations/Migration20261126000020_partitioned_delivery_log.js';
import { Migration20261126000030_claim_waiting_endpoints } from './migrations/Migration20261126000030_claim_waiting_endpoints.js';
import { Migration20261127000010_event_order_and_trace } from './migrations/Migration20261127000010_event_order_and_trace.js';
import { Migration20261127000020_carrier_monitoring } from './migrations/Migration20261127000020_carrier_monitoring.js';
import { Migration20261128000010_accrual_and_mail } from './migrations/Migration20261128000010_accrual_and_mail.js';
import { Migration20261128000020_accrual_reclassification } from './migrations/Migration20261128000020_accrual_reclassification.js';
import { Migration20261128000030_scheduled_retries } from './migrations/Migration20261128000030_scheduled_retries.js';
import { Migration20261128000040_claim_plans } from './migrations/Migration20261128000040_claim_plans.js';
import { Migration20261128000050_endpoint_window } from './migrations/Migration20261128000050_endpoint_window.js';
import { Migration20261128000060_test_mode } from './migrations/Migration20261128000060_test_mode.js';
import { Migration20261128000070_webhook_listeners } from './migrations/Migration20261128000070_webhook_listeners.js';
import { Migration20261128000080_test_clocks } from './migrations/Migration20261128000080_test_clocks.js';
import { Migration20261128000090_payment_returns } from './migrations/Migration20261128000090_payment_returns.js';
import { Migration20261129000010_sign_in_counters } from './migrations/Migration20261129000010_sign_in_counters.js';
import { Migration20261129000030_credential_makers } from './migrations/Migration20261129000030_credential_makers.js';
import { Migration20261129020000_metadata_and_updated } from './migrations/Migration20261129020000_metadata_and_updated.js';
import { Migration20261129040000_customer_links } from './migrations/Migration20261129040000_customer_links.js';
import { Migration20261130100000_undo_mistakes } from './migrations/Migration20261130100000_undo_mistakes.js';
import { Migration20261130200000_api_key_changes } from './migrations/Migration20261130200000_api_key_changes.js';

/** Every migration, in order. Applied at start-up by `openDatabase` (src/db/orm.ts). */
export const migrations = [
  { name: 'Migration20261122000001_foundation', class: Migration20261122000001_foundation },
  { name: 'Migration20261122000002_webhooks', class: Migration20261122000002_webhooks },
  { name: 'Migration20261122000003_carriers', class: Migration20261122000003_carriers },
  { name: 'Migration20261122000004_platform', class: Migration20261122000004_platform },
  { name: 'Migration20261123000001_attempt_error_detail', class: Migration20261123000001_attempt_error_detail },
  { name: 'Migration20261123000006_users', class: Migration20261123000006_users },
  { name: 'Migration20261123000010_accounting', class: Migration20261123000010_accounting },
  { name: 'Migration20261123000020_webhook_isolation', class: Migration20261123000020_webhook_isolation },
  { name: 'Migration20261123000031_audit_log_filters', class: Migration20261123000031_audit_log_filters },
  { name: 'Migration20261123000032_seal_webhook_secrets', class: Migration20261123000032_seal_webhook_secrets },
  { name: 'Migration20261123000040_rate_limit_window', class: Migration20261123000040_rate_limit_window },
  { name: 'Migration20261123000050_claim_plan_cached', class: Migration20261123000050_claim_plan_cached },
  { name: 'Migration20261123000060_delivery_due_order', class: Migration20261123000060_delivery_due_order },
  { name: 'Migration20261123000070_parallel_claims', class: Migration20261123000070_parallel_claims },
  { name: 'Migration20261126000010_rate_limit_constant_state', class: Migration20261126000010_rate_limit_constant_state },
  { name: 'Migration20261126000020_partitioned_delivery_log', class: Migration20261126000020_partitioned_delivery_log },
  { name: 'Migration20261126000030_claim_waiting_endpoints', class: Migration20261126000030_claim_waiting_endpoints },
  { name: 'Migration20261127000010_event_order_and_trace', class: Migration20261127000010_event_order_and_trace },
  { name: 'Migration20261127000020_carrier_monitoring', class: Migration20261127000020_carrier_monitoring },
  { name: 'Migration20261128000010_accrual_and_mail', class: Migration20261128000010_accrual_and_mail },
  { name: 'Migration20261128000020_accrual_reclassification', class: Migration20261128000020_accrual_reclassification },
  { name: 'Migration20261128000030_scheduled_retries', class: Migration20261128000030_scheduled_retries },
  { name: 'Migration20261128000040_claim_plans', class: Migration20261128000040_claim_plans },
  { name: 'Migration20261128000050_endpoint_window', class: Migration20261128000050_endpoint_window },
  { name: 'Migration20261128000060_test_mode', class: Migration20261128000060_test_mode },
  { name: 'Migration20261128000070_webhook_listeners', class: Migration20261128000070_webhook_listeners },
  { name: 'Migration20261128000080_test_clocks', class: Migration20261128000080_test_clocks },
  { name: 'Migration20261128000090_payment_returns', class: Migration20261128000090_payment_returns },
  { name: 'Migration20261129000010_sign_in_counters', class: Migration20261129000010_sign_in_counters },
  { name: 'Migration20261129000030_credential_makers', class: Migration20261129000030_credential_makers },
  { name: 'Migration20261129020000_metadata_and_updated', class: Migration20261129020000_metadata_and_updated },
  { name: 'Migration20261129040000_customer_links', class: Migration20261129040000_customer_links },
  { name: 'Migration20261130100000_undo_mistakes', class: Migration20261130100000_undo_mistakes },
  { name: 'Migration20261130200000_api_key_changes', class: Migration20261130200000_api_key_changes },
];
