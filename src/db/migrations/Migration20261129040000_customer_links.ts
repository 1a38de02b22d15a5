import { Migration } from '@mikro-orm/migrations';

/**
 * What the brokerage's customers see. Every order gets a load number people can say (`L-000123`),
 * counted per account in `order_counters` (test mode is an account of its own, so it counts its own),
 * existing orders numbered in the order they were made; and an optional reference (the customer's PO
 * or stock number). `public_links` holds the links that open an order's tracking page or an invoice's
 * hosted page without signing in: the token's SHA-256 finds the link (the token itself is never
 * stored in the clear); its copy sealed under SECRETS_KEY, on the order (`tracking_link`) or the
 * invoice (`hosted_link`), shows the URL again to the account. One link per object.
 * The account says whether tracking pages show the price; a customer which moments of its loads it
 * is emailed about (the delivery by default), and those emails may carry no attachment.
 */
export class Migration20261129040000_customer_links extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table order_counters (account_id text primary key, last_number integer not null)');
    this.addSql('alter table orders add column number text');
    this.addSql('alter table orders add column reference text');
    this.addSql(`update orders set number = numbered.number
      from (select id, 'L-' || case when n < 1000000 then lpad(n::text, 6, '0') else n::text end as number
            from (select id, row_number() over (partition by account_id order by created_at, id) as n from orders) as ranked) as numbered
      where numbered.id = orders.id`);
    this.addSql('insert into order_counters (account_id, last_number) select account_id, count(*) from orders group by account_id');
    this.addSql('alter table orders alter column number set not null');
    this.addSql('create unique index orders_account_number_idx on orders (account_id, number)');
    this.addSql('create index orders_account_reference_idx on orders (account_id, reference) where reference is not null');
    this.addSql(`create table public_links (
      token_hash text primary key,
      kind text not null check (kind in ('tracking', 'invoice')),
      object_id text not null,
      account_id text not null,
      created_at timestamptz not null
    )`);
    this.addSql('create unique index public_links_object_idx on public_links (object_id)');
    this.addSql('alter table orders add column tracking_link text');
    this.addSql('alter table invoices add column hosted_link text');
    this.addSql('alter table accounts add column tracking_shows_price boolean not null default false');
    this.addSql(`alter table customers add column notifications jsonb not null default '{"moments":["delivered"],"email":null}'`);
    this.addSql('alter table messages drop constraint messages_kind_check');
    this.addSql(`alter table messages add constraint messages_kind_check check (kind in ('invoice', 'remittance', 'rate_confirmation', 'order_dispatched', 'order_picked_up', 'order_delivered'))`);
    this.addSql('alter table messages alter column attachment_name drop not null');
    this.addSql('alter table messages alter column attachment drop not null');
    this.addSql('alter table messages alter column attachment_size drop not null');
    this.addSql('alter table messages alter column attachment_sha256 drop not null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table customers drop column notifications');
    this.addSql('alter table accounts drop column tracking_shows_price');
    this.addSql('alter table invoices drop column hosted_link');
    this.addSql('alter table orders drop column tracking_link');
    this.addSql('drop table public_links');
    this.addSql('drop index orders_account_reference_idx');
    this.addSql('drop index orders_account_number_idx');
    this.addSql('alter table orders drop column reference');
    this.addSql('alter table orders drop column number');
    this.addSql('drop table order_counters');
  }
}
