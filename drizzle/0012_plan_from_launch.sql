ALTER TABLE `orders` ADD `launched_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `live_url` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `started_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_credit_idx` ON `invoices` (`credit_for`) WHERE "invoices"."kind" = 'credit_note' AND "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX `invoices_kind_paid_idx` ON `invoices` (`kind`,`paid_at`);