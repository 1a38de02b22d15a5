import { Migration } from '@mikro-orm/migrations';

/**
 * Continuous monitoring of carriers against the federal registry (src/carriers/monitor.service.ts):
 * - each carrier's monitoring schedule (`monitor_*`), and an index of the monitored carriers by the
 *   time they are due; the carriers already active or suspended get their first read spread over
 *   the next 24 hours;
 * - every read kept in `carrier_registry_snapshots`, with what changed and what it found;
 * - compliance alerts of the new kinds, with what was found (`details`) and when a later read no
 *   longer found it (`cleared_at`). One alert per lapse stays the rule for the scan's kinds (a
 *   partial unique index); monitoring opens one per finding that appears.
 */
export class Migration20261127000020_carrier_monitoring extends Migration {
  override async up(): Promise<void> {
    for (const sql of STATEMENTS) this.addSql(sql);
  }
}

const STATEMENTS = [
  `alter table carriers
     add column monitor_last_checked_at timestamptz,
     add column monitor_next_check_at timestamptz,
     add column monitor_last_change_at timestamptz,
     add column monitor_failures integer not null default 0`,
  `update carriers set monitor_next_check_at = now() + (abs(hashtext(id)) % 86400) * interval '1 second'
   where status in ('active', 'suspended')`,
  `create index carriers_monitor_due_idx on carriers (monitor_next_check_at) where status in ('active', 'suspended')`,

  `create table carrier_registry_snapshots (
    id text primary key,
    account_id text not null,
    carrier_id text not null references carriers (id) deferrable initially deferred,
    provider text not null,
    record jsonb,
    changes jsonb not null,
    findings jsonb not null,
    new_findings jsonb not null,
    cleared_findings jsonb not null,
    alert_ids jsonb not null,
    suspended boolean not null,
    created_at timestamptz not null
  )`,
  `create index carrier_registry_snapshots_carrier_idx on carrier_registry_snapshots (carrier_id, id desc)`,

  `alter table compliance_alerts drop constraint compliance_alerts_kind_check`,
  `alter table compliance_alerts add constraint compliance_alerts_kind_check check (kind in ('insurance_certificate', 'bond',
    'process_agent', 'authority_revoked', 'out_of_service', 'insurance_cancelled', 'unsatisfactory_rating',
    'registry_record_missing', 'identity_changed'))`,
  `alter table compliance_alerts drop constraint compliance_alerts_carrier_id_kind_expired_on_key`,
  `create unique index compliance_alerts_lapse_key on compliance_alerts (carrier_id, kind, expired_on)
   where kind in ('insurance_certificate', 'bond', 'process_agent')`,
  `alter table compliance_alerts add column details jsonb, add column cleared_at timestamptz`,
  `create index compliance_alerts_carrier_kind_idx on compliance_alerts (carrier_id, kind) where cleared_at is null and status = 'open'`,
];
