// What the ledger's tables and its rules both speak of: the entities (accounting.entities.ts) store
// it, the rules (accounting.rules.ts) post it.

/** The money movements the ledger records (each journal entry's `kind`), and the migration's reclassification. */
export type Movement = 'order_delivered' | 'order_reopened' | 'invoice_sent' | 'invoice_voided' | 'payment_received' | 'payment_returned' | 'carrier_payment_sent' | 'carrier_payment_voided' | 'reclassification';
