CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`received_at` integer NOT NULL,
	`method` text,
	`recorded_by` text,
	`provider_reference` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_method_check" CHECK("payments"."method" IN ('bank_transfer', 'check', 'cash', 'card')),
	CONSTRAINT "payments_amount_check" CHECK("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `payments_received_idx` ON `payments` (`received_at`,`amount_cents`);--> statement-breakpoint
-- History is kept: each invoice already paid becomes one payment (what it received, when, how, who
-- recorded it: the admin of its 'invoice.mark-paid' entry, or null for a provider's receipt).
-- Credit notes are money going back, not payments: they get none.
INSERT INTO `payments` (`id`, `invoice_id`, `amount_cents`, `received_at`, `method`, `recorded_by`, `provider_reference`, `created_at`)
SELECT
	lower(hex(randomblob(16))),
	i.`id`,
	i.`paid_cents`,
	coalesce(i.`paid_at`, i.`issued_at`),
	i.`paid_method`,
	(SELECT a.`actor_id` FROM `audit_log` a
		WHERE a.`entity_type` = 'invoice' AND a.`entity_id` = i.`id` AND a.`action` = 'invoice.mark-paid'
			AND a.`actor_id` IN (SELECT `id` FROM `users`)
		ORDER BY a.`at` LIMIT 1),
	i.`provider_reference`,
	coalesce(i.`paid_at`, i.`issued_at`)
FROM `invoices` i
WHERE i.`kind` = 'invoice' AND i.`status` = 'paid' AND i.`paid_cents` > 0;
